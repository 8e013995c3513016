// Fixture for java.sql-injection: request data reaching a SQL statement's text, by every flow the analysis follows.
import java.io.IOException;
import java.sql.*;
import java.util.*;
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

    public Object notAHandler(String name) {
        // ok: java.sql-injection
        return entityManager.createNativeQuery("SELECT * FROM users WHERE name = '" + name + "'");
    }
}
