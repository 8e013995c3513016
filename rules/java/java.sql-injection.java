// Fixture for java.sql-injection.
import java.sql.*;

public class UserDao {
    private Connection conn;

    public ResultSet find(String id, String name, String sort) throws SQLException {
        Statement stmt = conn.createStatement();
        // ruleid: java.sql-injection
        ResultSet rs = stmt.executeQuery("SELECT * FROM users WHERE id = " + id);
        // ruleid: java.sql-injection
        stmt.executeUpdate("DELETE FROM sessions WHERE user = '" + name + "'");
        // ruleid: java.sql-injection
        PreparedStatement ps = conn.prepareStatement("SELECT * FROM users ORDER BY " + sort);
        // ruleid: java.sql-injection
        stmt.execute(String.format("UPDATE users SET name = '%s'", name));
        return rs;
    }

    public ResultSet safe(String id) throws SQLException {
        // ok: java.sql-injection
        PreparedStatement ps = conn.prepareStatement("SELECT * FROM users WHERE id = ?");
        ps.setString(1, id);
        // ok: java.sql-injection
        ResultSet rs = ps.executeQuery();
        // ok: java.sql-injection
        conn.createStatement().executeQuery("SELECT count(*) FROM users");
        // ok: java.sql-injection
        logger.info("SELECT for " + id);
        // ok: java.sql-injection
        CallableStatement cs = conn.prepareCall("{call " + PROC_NAME + "(?, ?)}");
        // ok: java.sql-injection
        restTemplate.execute(baseUrl + "/status/" + id, HttpMethod.GET, null, null);
        // ok: java.sql-injection
        // stmt.executeQuery("SELECT * FROM users WHERE id = " + id);
        // ok: java.sql-injection
        String doc = "never stmt.executeQuery(\"SELECT \" + id)";
        return rs;
    }
}
