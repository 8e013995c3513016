// Fixture for java.sql-injection: request data reaching a SQL statement's text, by every flow the analysis follows.
import java.io.IOException;
import java.sql.*;
import java.util.*;
import java.util.regex.Pattern;
import javax.persistence.EntityManager;
import javax.servlet.ServletException;
import javax.servlet.http.*;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.web.bind.annotation.*;

public class SqlServlet extends HttpServlet {
    private Connection connection;
    private JdbcTemplate jdbcTemplate;
    private String owner;
    private String title;
    private static final Set<String> SORT_COLUMNS = new HashSet<>(Arrays.asList("name", "created_at"));
    private static final Map<String, String> COLUMN_LABELS = Map.of("name", "Name", "email", "E-mail");
    private static final Pattern IDENTIFIER = Pattern.compile("^[A-Za-z_][A-Za-z0-9_]{0,63}$");
    private final List<String> columns = List.of("id", "name", "email");

    enum Kind { BOOK, MUSIC }

    @Override
    public void doPost(HttpServletRequest request, HttpServletResponse response) throws ServletException, IOException {
        try {
            Statement statement = connection.createStatement();
            // ruleid: java.sql-injection (flow: direct)
            statement.executeQuery("SELECT * FROM users WHERE name = '" + request.getParameter("name") + "'");
            // ruleid: java.sql-injection (flow: direct)
            statement.execute("DELETE FROM carts WHERE owner = '" + request.getHeader("X-User") + "'", Statement.RETURN_GENERATED_KEYS);

            String param = request.getParameter("id");
            String bar = param;
            String sql = "SELECT * FROM users WHERE id = '" + bar + "'";
            // ruleid: java.sql-injection (flow: assignments)
            statement.addBatch(sql);
            // ruleid: java.sql-injection (flow: assignments)
            CallableStatement call = connection.prepareCall("{call " + bar + "}");
            // ruleid: java.sql-injection (flow: assignments)
            jdbcTemplate.queryForObject(sql, Long.class);

            // ok: java.sql-injection (flow: sanitized)
            PreparedStatement ps = connection.prepareStatement("SELECT * FROM users WHERE name = ? AND pass = ?");
            ps.setString(1, "foo");
            ps.setString(2, bar);
            // ok: java.sql-injection (flow: sanitized)
            ps.executeQuery();
            // ok: java.sql-injection (flow: sanitized)
            jdbcTemplate.query("SELECT * FROM users WHERE name = ?", new Object[] { bar }, new UserMapper());
            // ruleid: java.sql-injection (flow: string-building)
            connection.prepareStatement("SELECT * FROM users WHERE name = ? AND pass = '" + bar + "'");
        } catch (SQLException e) {
            throw new ServletException(e);
        }
    }

    public void wrapped(HttpServletRequest request) throws SQLException {
        Statement statement = connection.createStatement();
        // a wrapper around the request (its class in another file) hands out the request's parameters
        SeparateClassRequest scr = new SeparateClassRequest(request);
        String name = scr.getTheParameter("name");
        // ruleid: java.sql-injection (flow: assignments)
        statement.executeQuery("SELECT * FROM users WHERE name = '" + name + "'");
        ResultWrapper rows = new ResultWrapper(statement.executeQuery("SELECT name FROM users"));
        // ok: java.sql-injection (flow: sanitized)
        statement.executeQuery("SELECT * FROM users WHERE name = '" + rows.getValue() + "'");
    }

    public void building(HttpServletRequest request) throws SQLException {
        Statement statement = connection.createStatement();
        String param = request.getHeader("X-Sort");
        // ruleid: java.sql-injection (flow: string-building)
        statement.executeQuery(String.format("SELECT * FROM users ORDER BY %s", param));
        StringBuilder sb = new StringBuilder("SELECT * FROM users WHERE name = '");
        sb.append(param).append("'");
        // ruleid: java.sql-injection (flow: string-building)
        statement.executeQuery(sb.toString());
        StringBuilder sbxyz = new StringBuilder(param);
        String bar = sbxyz.append("_SafeStuff").toString();
        // ruleid: java.sql-injection (flow: string-building)
        statement.executeUpdate("UPDATE users SET nick = '" + bar + "'");
        String cols = String.join(",", "id", param);
        // ruleid: java.sql-injection (flow: string-building)
        jdbcTemplate.queryForList("SELECT " + cols + " FROM users");
        String decoded = new String(Base64.getDecoder().decode(Base64.getEncoder().encode(param.getBytes())));
        // ruleid: java.sql-injection (flow: string-building)
        jdbcTemplate.update("DELETE FROM t WHERE k = '" + decoded + "'");
        StringBuilder front = new StringBuilder("')");
        front.insert(0, param);
        // ruleid: java.sql-injection (flow: string-building)
        jdbcTemplate.execute("INSERT INTO t VALUES ('" + front);
    }

    public void containers(HttpServletRequest request) throws SQLException {
        Statement statement = connection.createStatement();
        String param = request.getParameter("q");
        HashMap<String, Object> map = new HashMap<String, Object>();
        map.put("keyA", "a_Value");
        map.put("keyB", param);
        map.put("keyC", "another_Value");
        // ruleid: java.sql-injection (flow: container)
        statement.executeQuery("SELECT * FROM t WHERE v = '" + (String) map.get("keyB") + "'");
        // ok: java.sql-injection (flow: container)
        statement.executeQuery("SELECT * FROM t WHERE v = '" + (String) map.get("keyA") + "'");
        List<String> values = new ArrayList<String>();
        values.add("safe");
        values.add(param);
        // ruleid: java.sql-injection (flow: container)
        statement.executeQuery("SELECT * FROM t WHERE v = '" + values.get(1) + "'");
        String[] parts = { "a", param };
        // ruleid: java.sql-injection (flow: container)
        statement.executeQuery("SELECT * FROM t WHERE v = '" + parts[1] + "'");
    }

    private static String doSomething(HttpServletRequest request, String param) {
        String bar = "'" + param + "'";
        return bar;
    }

    private static String fixed(String param) {
        return "'constant'";
    }

    private void runQuery(String where) throws SQLException {
        // ruleid: java.sql-injection (flow: helper-function)
        connection.createStatement().executeQuery("SELECT * FROM users WHERE " + where);
    }

    public void helpers(HttpServletRequest request) throws SQLException {
        String param = request.getParameter("n");
        String bar = doSomething(request, param);
        // ruleid: java.sql-injection (flow: helper-function)
        jdbcTemplate.queryForMap("SELECT * FROM users WHERE name = " + bar);
        runQuery("name = '" + param + "'");
        // ok: java.sql-injection (flow: helper-function)
        jdbcTemplate.queryForMap("SELECT * FROM users WHERE name = " + fixed(param));
    }

    public void load(HttpServletRequest request) {
        this.owner = request.getParameter("owner");
        this.title = "monthly";
    }

    public void report() throws SQLException {
        Statement statement = connection.createStatement();
        // ruleid: java.sql-injection (flow: class-field)
        statement.executeQuery("SELECT * FROM reports WHERE owner = '" + this.owner + "'");
        // ok: java.sql-injection (flow: class-field)
        statement.executeQuery("SELECT * FROM reports WHERE title = '" + this.title + "'");
    }

    public void sanitized(HttpServletRequest request) throws SQLException {
        Statement statement = connection.createStatement();
        int page = Integer.parseInt(request.getParameter("page"));
        // ok: java.sql-injection (flow: number-conversion)
        statement.executeQuery("SELECT * FROM users LIMIT 10 OFFSET " + page * 10);
        long id = Long.valueOf(request.getParameter("id"));
        // ok: java.sql-injection (flow: number-conversion)
        statement.executeQuery("SELECT * FROM users WHERE id = " + id);
        String q = request.getParameter("q");
        // ok: java.sql-injection (flow: number-conversion)
        statement.executeQuery("SELECT * FROM users LIMIT " + q.length());
        // ok: java.sql-injection (flow: sanitized)
        statement.executeQuery("SELECT * FROM users WHERE name = '" + ESAPI.encoder().encodeForSQL(new OracleCodec(), q) + "'");
    }

    public void allowList(HttpServletRequest request) throws SQLException {
        Statement statement = connection.createStatement();
        String sort = request.getParameter("sort");
        if (SORT_COLUMNS.contains(sort)) {
            // ok: java.sql-injection (flow: guard)
            statement.executeQuery("SELECT * FROM users ORDER BY " + sort);
        }
        // ruleid: java.sql-injection (flow: guard)
        statement.executeQuery("SELECT * FROM users ORDER BY " + sort);
        String dir = request.getParameter("dir");
        if (!Arrays.asList("asc", "desc").contains(dir)) {
            throw new IllegalArgumentException("dir");
        }
        // ok: java.sql-injection (flow: guard)
        statement.executeQuery("SELECT * FROM users ORDER BY name " + dir);
        String table = request.getParameter("table");
        if (!Set.of("users", "groups").contains(table) || !List.of("id", "name").contains(sort)) {
            return;
        }
        // ok: java.sql-injection (flow: guard)
        statement.executeQuery("SELECT " + sort + " FROM " + table);
        String column = request.getParameter("column");
        if (COLUMN_LABELS.containsKey(column) && columns.contains(column)) {
            // ok: java.sql-injection (flow: guard)
            statement.executeQuery("SELECT " + column + " FROM users");
        } else {
            // ruleid: java.sql-injection (flow: guard)
            statement.executeQuery("SELECT " + column + " FROM users");
        }
        String user = request.getParameter("user");
        if (user.matches("[a-zA-Z0-9_\\-]+")) {
            // ok: java.sql-injection (flow: guard)
            statement.executeQuery("SELECT * FROM users WHERE name = '" + user + "'");
        }
        String tag = request.getParameter("tag");
        if (!Pattern.matches("^[a-z0-9]+$", tag)) {
            return;
        }
        // ok: java.sql-injection (flow: guard)
        statement.executeQuery("SELECT * FROM posts WHERE tag = '" + tag + "'");
        String schema = request.getParameter("schema");
        if (IDENTIFIER.matcher(schema).matches()) {
            // ok: java.sql-injection (flow: guard)
            statement.execute("SET search_path TO " + schema);
        }
        Kind kind = Kind.valueOf(request.getParameter("kind"));
        // ok: java.sql-injection (flow: sanitized)
        statement.executeQuery("SELECT * FROM items WHERE kind = '" + kind + "'");
    }

    public void wrongChecks(HttpServletRequest request) throws SQLException {
        Statement statement = connection.createStatement();
        String q = request.getParameter("q");
        // A deny-list: a quote is not the only way in.
        if (q.contains("'")) {
            return;
        }
        // ruleid: java.sql-injection (flow: guard)
        statement.executeQuery("SELECT * FROM users WHERE id = " + q);
        // Patterns that let anything through: a partial match, a space, a quote or a '.'.
        if (q.matches(".*[a-z]+.*")) {
            // ruleid: java.sql-injection (flow: guard)
            statement.executeQuery("SELECT * FROM users WHERE id = " + q);
        }
        if (q.matches("[a-z ;'=]+")) {
            // ruleid: java.sql-injection (flow: guard)
            statement.executeQuery("SELECT * FROM users WHERE id = " + q);
        }
        if (q.matches("[0-z]+")) {
            // ruleid: java.sql-injection (flow: guard)
            statement.executeQuery("SELECT * FROM users WHERE id = " + q);
        }
        if (q.matches("[\\S]+")) {
            // ruleid: java.sql-injection (flow: guard)
            statement.executeQuery("SELECT * FROM users WHERE id = " + q);
        }
        if (Pattern.compile("[a-z]+").matcher(q).find()) {
            // ruleid: java.sql-injection (flow: guard)
            statement.executeQuery("SELECT * FROM users WHERE id = " + q);
        }
        // A list filled from the request is no allow-list.
        List<String> wanted = Arrays.asList(request.getParameterValues("col"));
        if (wanted.contains(q)) {
            // ruleid: java.sql-injection (flow: guard)
            statement.executeQuery("SELECT * FROM users ORDER BY " + q);
        }
    }

    public void constants(HttpServletRequest request) throws SQLException {
        Statement statement = connection.createStatement();
        String order = request.getParameter("order");
        order = "name";
        // ok: java.sql-injection (flow: constant-overwrite)
        statement.executeQuery("SELECT * FROM users ORDER BY " + order);
        String param = request.getParameter("t");
        String bar;
        if (false) {
            bar = param;
        } else {
            bar = "users";
        }
        // ok: java.sql-injection (flow: dead-branch)
        statement.executeQuery("SELECT * FROM " + bar);
        int num = 86;
        if ((7 * 42) - num > 200) bar = "This_should_always_happen";
        else bar = param;
        // ok: java.sql-injection (flow: dead-branch)
        statement.executeQuery("SELECT * FROM " + bar);
        int num2 = 196;
        String other = (7 * 18) + num2 > 200 ? "This_should_always_happen" : param;
        // ok: java.sql-injection (flow: dead-branch)
        statement.executeQuery("SELECT * FROM " + other);
        String live = (7 * 18) + num2 > 500 ? "never" : param;
        // ruleid: java.sql-injection (flow: dead-branch)
        statement.executeQuery("SELECT * FROM " + live);
    }

    public void otherSources(HttpServletRequest request) throws SQLException, IOException {
        Statement statement = connection.createStatement();
        Cookie[] theCookies = request.getCookies();
        String param = "noCookieValueSupplied";
        if (theCookies != null) {
            for (Cookie theCookie : theCookies) {
                if (theCookie.getName().equals("vector")) {
                    param = java.net.URLDecoder.decode(theCookie.getValue(), "UTF-8");
                    break;
                }
            }
        }
        // ruleid: java.sql-injection (flow: assignments)
        statement.executeQuery("SELECT * FROM users WHERE name = '" + param + "'");

        Map<String, String[]> map = request.getParameterMap();
        String fromMap = "";
        if (!map.isEmpty()) {
            String[] values = map.get("vector");
            if (values != null) fromMap = values[0];
        }
        // ruleid: java.sql-injection (flow: container)
        statement.executeQuery("SELECT * FROM users WHERE name = '" + fromMap + "'");

        String fromName = "";
        Enumeration<String> names = request.getParameterNames();
        while (names.hasMoreElements()) {
            String name = (String) names.nextElement();
            String[] values = request.getParameterValues(name);
            if (values != null && values[0].equals("vector")) {
                fromName = name;
            }
        }
        // ruleid: java.sql-injection (flow: assignments)
        statement.executeQuery("SELECT * FROM users WHERE name = '" + fromName + "'");

        Enumeration<String> headers = request.getHeaders("vector");
        String fromHeader = "";
        if (headers != null && headers.hasMoreElements()) {
            fromHeader = headers.nextElement();
        }
        // ruleid: java.sql-injection (flow: assignments)
        statement.executeQuery("SELECT * FROM users WHERE name = '" + fromHeader + "'");

        String queryString = request.getQueryString();
        int paramLoc = queryString.indexOf("vector=");
        String fromQuery = queryString.substring(paramLoc + 7);
        // ruleid: java.sql-injection (flow: assignments)
        statement.executeQuery("SELECT * FROM users WHERE name = '" + fromQuery + "'");

        // ok: java.sql-injection
        statement.executeQuery("SELECT * FROM users WHERE name = '" + request.getSession().getId() + "'");
        // ok: java.sql-injection
        httpClient.execute(new HttpGet("https://api.example.com/q?x=" + param));
        // ok: java.sql-injection
        executor.execute(() -> System.out.println(param));
        // ok: java.sql-injection
        logger.info("SELECT for " + param);
    }
}

@RestController
class UserController {
    private JdbcTemplate jdbcTemplate;
    private EntityManager entityManager;

    @GetMapping("/users/{id}")
    public Object get(@PathVariable String id, @RequestParam(required = false) Integer limit, @RequestHeader("X-Tenant") String tenant) {
        // ruleid: java.sql-injection (flow: direct)
        jdbcTemplate.queryForList("SELECT * FROM users WHERE id = " + id);
        // ruleid: java.sql-injection (flow: direct)
        entityManager.createQuery("FROM User u WHERE u.tenant = '" + tenant + "'").getResultList();
        // ok: java.sql-injection (flow: number-conversion)
        return jdbcTemplate.queryForList("SELECT * FROM users LIMIT " + limit);
    }

    @PostMapping("/search")
    public Object search(String name, Model model, @RequestParam long page) {
        // ruleid: java.sql-injection (flow: direct)
        entityManager.createNativeQuery("SELECT * FROM users WHERE name LIKE '%" + name + "%'");
        // ok: java.sql-injection (flow: number-conversion)
        return entityManager.createNativeQuery("SELECT * FROM users OFFSET " + page);
    }

    @PostMapping("/users")
    public Object create(@Valid UserForm form, BindingResult errors, Principal principal) {
        // ruleid: java.sql-injection (flow: direct)
        entityManager.createNativeQuery("INSERT INTO users(name) VALUES ('" + form.getName() + "')");
        // ok: java.sql-injection
        return entityManager.createNativeQuery("SELECT * FROM users WHERE owner = '" + principal.getName() + "'");
    }

    @GetMapping("/users")
    public Object list(@RequestParam("sort") String sort) {
        String column = sort;
        if (!List.of("name", "email").contains(column)) {
            throw new IllegalArgumentException("sort");
        }
        // ok: java.sql-injection (flow: guard)
        return jdbcTemplate.queryForList("SELECT * FROM users ORDER BY " + column);
    }

    @GetMapping("/items")
    public Object items(@RequestParam("order") String order) {
        String requested = order;
        String column = SORT_COLUMNS.contains(requested) ? requested : "id";
        // ok: java.sql-injection (flow: guard)
        jdbcTemplate.queryForList("SELECT * FROM items ORDER BY " + column);
        String unchecked = requested.length() > 2 ? requested : "id";
        // ruleid: java.sql-injection (flow: guard)
        return jdbcTemplate.queryForList("SELECT * FROM items ORDER BY " + unchecked);
    }

    @GetMapping("/orders")
    public Object orders(@RequestParam("sort") String sort, @RequestParam("dir") String dir) {
        if (!SORT_COLUMNS.contains(sort)) throw new IllegalArgumentException("sort");
        // ok: java.sql-injection (flow: guard)
        jdbcTemplate.queryForList("SELECT * FROM orders ORDER BY " + sort);
        // ruleid: java.sql-injection (flow: direct)
        return jdbcTemplate.queryForList("SELECT * FROM orders ORDER BY id " + dir);
    }

    public Object notAHandler(String name) {
        // ok: java.sql-injection
        return entityManager.createNativeQuery("SELECT * FROM users WHERE name = '" + name + "'");
    }
}
