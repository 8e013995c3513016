// Fixture for cs.sql-injection.
using System.Data.SqlClient;
using Microsoft.EntityFrameworkCore;

public class UserRepository
{
    private readonly SqlConnection conn;
    private readonly AppDbContext db;

    public void Find(string id, string name, string sort)
    {
        // ruleid: cs.sql-injection
        var cmd = new SqlCommand("SELECT * FROM Users WHERE Id = " + id, conn);
        // ruleid: cs.sql-injection
        cmd.CommandText = $"DELETE FROM Sessions WHERE Owner = '{name}'";
        // ruleid: cs.sql-injection
        var users = db.Users.FromSqlRaw("SELECT * FROM Users ORDER BY " + sort).ToList();
        // ruleid: cs.sql-injection
        db.Database.ExecuteSqlRaw(string.Format("UPDATE Users SET Name = '{0}'", name));
    }

    public void Safe(string id, string name)
    {
        // ok: cs.sql-injection
        var cmd = new SqlCommand("SELECT * FROM Users WHERE Id = @id", conn);
        cmd.Parameters.AddWithValue("@id", id);
        // ok: cs.sql-injection
        cmd.CommandText = "SELECT count(*) FROM Users";
        // ok: cs.sql-injection
        var users = db.Users.FromSqlInterpolated($"SELECT * FROM Users WHERE Name = {name}").ToList();
        // ok: cs.sql-injection
        var label = $"Hello {name}";
        // ok: cs.sql-injection
        cmd.CommandText = string.Format("SELECT \"Email\" FROM \"{0}\" WHERE \"Username\" = @Username", tableName);
        // ok: cs.sql-injection
        cmd.CommandText = String.Format(CultureInfo.InvariantCulture, SQL_CREATE_SP, Schema.NOTIF_TABLE);
        // ruleid: cs.sql-injection
        cmd.CommandText = string.Format("SELECT * FROM \"{0}\" WHERE Name = '{1}'", tableName, name);
        // ok: cs.sql-injection
        // var bad = new SqlCommand("SELECT * FROM Users WHERE Id = " + id, conn);
        // ok: cs.sql-injection
        var doc = "never new SqlCommand(\"SELECT \" + id, conn)";
    }
}
