// Fixture for cs.sql-injection: request data reaching a SQL statement's text, by every flow the analysis follows.
using System;
using System.Collections.Generic;
using System.Data.SqlClient;
using System.Linq;
using System.Text;
using System.Text.RegularExpressions;
using Dapper;
using Grpc.Core;
using Microsoft.AspNetCore.Mvc;
using Microsoft.EntityFrameworkCore;

[ApiController]
[Route("api/users")]
public class UsersController : ControllerBase
{
    private readonly SqlConnection conn;
    private readonly AppDbContext db;
    private string owner;
    private string title;
    private static readonly HashSet<string> AllowedColumns = new HashSet<string> { "Name", "Email" };
    private static readonly Dictionary<string, string> SORT_COLUMNS = new Dictionary<string, string> { ["name"] = "Name" };

    [HttpGet("direct")]
    public IActionResult Direct()
    {
        // ruleid: cs.sql-injection (flow: direct)
        var cmd = new SqlCommand("SELECT * FROM Users WHERE Name = '" + Request.Query["name"] + "'", conn);
        // ruleid: cs.sql-injection (flow: direct)
        var users = db.Users.FromSqlRaw($"SELECT * FROM Users WHERE Id = {HttpContext.Request.Form["id"]}").ToList();
        return Ok(users);
    }

    [HttpGet("assignments")]
    public IActionResult Assignments()
    {
        string name = Request.Query["name"];
        var who = name;
        var sql = "SELECT * FROM Users WHERE Name = '" + who + "'";
        var cmd = conn.CreateCommand();
        // ruleid: cs.sql-injection (flow: assignments)
        cmd.CommandText = sql;
        // ok: cs.sql-injection (flow: assignments)
        var bound = new SqlCommand("SELECT * FROM Users WHERE Name = @name", conn);
        bound.Parameters.AddWithValue("@name", who);
        return Ok();
    }

    [HttpGet("building")]
    public IActionResult Building(string name, string sort)
    {
        // ruleid: cs.sql-injection (flow: string-building)
        db.Database.ExecuteSqlRaw(string.Format("UPDATE Users SET Seen = 1 WHERE Name = '{0}'", name));
        // ruleid: cs.sql-injection (flow: string-building)
        var rows = conn.Query<User>(string.Concat("SELECT * FROM Users ORDER BY ", sort));
        var sb = new StringBuilder("SELECT * FROM Users WHERE Name IN (");
        sb.Append("'").Append(name).Append("'");
        sb.Append(")");
        // ruleid: cs.sql-injection (flow: string-building)
        var cmd = new SqlCommand(sb.ToString(), conn);
        var ids = string.Join(",", Request.Query["ids"].ToArray());
        // ruleid: cs.sql-injection (flow: string-building)
        var byId = new SqlCommand { CommandText = $"SELECT * FROM Users WHERE Id IN ({ids})", Connection = conn };
        return Ok(rows);
    }

    [HttpGet("container")]
    public IActionResult Container()
    {
        var parts = new Dictionary<string, string>();
        parts["table"] = "Users";
        parts["user"] = Request.Query["u"];
        // ok: cs.sql-injection (flow: container)
        var all = new SqlCommand("SELECT * FROM " + parts["table"], conn);
        // ruleid: cs.sql-injection (flow: container)
        var one = new SqlCommand("SELECT * FROM Users WHERE Name = '" + parts["user"] + "'", conn);
        var columns = new List<string>();
        columns.Add(Request.Query["col"]);
        // ruleid: cs.sql-injection (flow: container)
        var picked = conn.Query("SELECT " + string.Join(", ", columns) + " FROM Users");
        return Ok();
    }

    private static string WhereName(string value)
    {
        return "Name = '" + value + "'";
    }

    private void RunQuery(string where)
    {
        // ruleid: cs.sql-injection (flow: helper-function)
        conn.Execute("DELETE FROM Users WHERE " + where);
    }

    [HttpGet("helper")]
    public IActionResult Helper()
    {
        // ruleid: cs.sql-injection (flow: helper-function)
        var cmd = new SqlCommand("SELECT * FROM Users WHERE " + WhereName(Request.Query["n"]), conn);
        RunQuery(Request.Query["w"]);
        // ok: cs.sql-injection (flow: helper-function)
        var admin = new SqlCommand("SELECT * FROM Users WHERE " + WhereName("admin"), conn);
        return Ok();
    }

    [HttpPost("load")]
    public void Load()
    {
        this.owner = Request.Form["owner"];
        this.title = "monthly";
    }

    [HttpGet("run")]
    public IActionResult Run()
    {
        // ruleid: cs.sql-injection (flow: class-field)
        var mine = new SqlCommand("SELECT * FROM Reports WHERE Owner = '" + this.owner + "'", conn);
        // ok: cs.sql-injection (flow: class-field)
        var monthly = new SqlCommand("SELECT * FROM Reports WHERE Title = '" + this.title + "'", conn);
        return Ok();
    }

    [HttpGet("sanitized")]
    public IActionResult Sanitized(int limit, Guid tenant)
    {
        var page = int.Parse(Request.Query["page"]);
        // ok: cs.sql-injection (flow: number-conversion)
        var paged = new SqlCommand("SELECT * FROM Users ORDER BY Id OFFSET " + page * 10 + " ROWS", conn);
        var size = Convert.ToInt32(Request.Query["size"]);
        // ok: cs.sql-injection (flow: number-conversion)
        var sized = new SqlCommand($"SELECT TOP {size} * FROM Users", conn);
        // ok: cs.sql-injection (flow: number-conversion)
        var limited = new SqlCommand("SELECT TOP " + limit + " * FROM Users WHERE Tenant = '" + tenant + "'", conn);
        // ok: cs.sql-injection (flow: sanitized)
        var users = db.Users.FromSqlInterpolated($"SELECT * FROM Users WHERE Name = {Request.Query["name"]}").ToList();
        // ok: cs.sql-injection (flow: sanitized)
        var same = db.Users.FromSql($"SELECT * FROM Users WHERE Name = {Request.Query["name"]}").ToList();
        // ok: cs.sql-injection (flow: sanitized)
        var dapper = conn.Query<User>("SELECT * FROM Users WHERE Name = @Name", new { Name = Request.Query["name"].ToString() });
        var column = Request.Query["sort"].ToString() switch
        {
            "name" => "Name",
            "date" => "CreatedAt",
            _ => "Id",
        };
        // ok: cs.sql-injection (flow: sanitized)
        var sorted = new SqlCommand("SELECT * FROM Users ORDER BY " + column, conn);
        return Ok(users);
    }

    [HttpGet("allowed")]
    public IActionResult Allowed(string sort, string dir, string login)
    {
        if (!AllowedColumns.Contains(sort))
        {
            return BadRequest();
        }
        // ok: cs.sql-injection (flow: sanitized)
        var a = new SqlCommand("SELECT * FROM Users ORDER BY " + sort, conn);
        // ok: cs.sql-injection (flow: sanitized)
        var b = new SqlCommand("SELECT * FROM Users ORDER BY " + SORT_COLUMNS[dir], conn);
        if (Regex.IsMatch(login, "^[A-Za-z0-9_]+$"))
        {
            // ok: cs.sql-injection (flow: sanitized)
            var c = new SqlCommand("SELECT * FROM Users WHERE Login = '" + login + "'", conn);
        }
        var user = db.Users.FirstOrDefault(u => u.Login == login);
        // ok: cs.sql-injection (flow: sanitized)
        var d = new SqlCommand("SELECT * FROM Audit WHERE UserName = '" + user.Name + "'", conn);
        // ruleid: cs.sql-injection (flow: direct)
        var e = new SqlCommand("SELECT * FROM Users WHERE Login = '" + login + "'", conn);
        return Ok();
    }

    [HttpGet("constant")]
    public IActionResult Constant()
    {
        string order = Request.Query["order"];
        order = "Name";
        // ok: cs.sql-injection (flow: constant-overwrite)
        var cmd = new SqlCommand("SELECT * FROM Users ORDER BY " + order, conn);
        string table = Request.Query["t"];
        if (false)
        {
            table = Request.Query["other"];
        }
        else
        {
            table = "Users";
        }
        // ok: cs.sql-injection (flow: dead-branch)
        var all = new SqlCommand("SELECT * FROM " + table, conn);
        return Ok();
    }
}

public class ReportsController : Controller
{
    private readonly SqlConnection conn;

    public IActionResult Search(string term, [FromQuery] int year)
    {
        // ruleid: cs.sql-injection (flow: direct)
        var cmd = new SqlCommand("SELECT * FROM Reports WHERE Title LIKE '%" + term + "%'", conn);
        // ok: cs.sql-injection (flow: number-conversion)
        var byYear = new SqlCommand("SELECT * FROM Reports WHERE Year = " + year, conn);
        return View();
    }
}

public static class Endpoints
{
    public static void Map(WebApplication app)
    {
        app.MapGet("/orders/{customer}", (string customer, AppDbContext db) =>
            // ruleid: cs.sql-injection (flow: direct)
            db.Orders.FromSqlRaw("SELECT * FROM Orders WHERE Customer = '" + customer + "'").ToList());
    }
}

public class SearchService : Search.SearchBase
{
    private readonly SqlConnection conn;

    public override Task<SearchReply> Find(SearchRequest request, ServerCallContext context)
    {
        // ruleid: cs.sql-injection (flow: direct)
        var cmd = new SqlCommand("SELECT * FROM Items WHERE Name = '" + request.Name + "'", conn);
        // ok: cs.sql-injection
        var byPeer = new SqlCommand("SELECT * FROM Peers WHERE Address = '" + context.Peer + "'", conn);
        return Task.FromResult(new SearchReply());
    }
}

public class UserRepository
{
    private readonly SqlConnection conn;

    public User Find(string name)
    {
        // ok: cs.sql-injection
        var cmd = new SqlCommand("SELECT * FROM Users WHERE Name = '" + name + "'", conn);
        return null;
    }
}
