// Fixture for cs.nosql-injection: request data reaching MongoDB query text or server-side JavaScript.
using System;
using System.Collections.Generic;
using System.Text;
using System.Threading.Tasks;
using Microsoft.AspNetCore.Mvc;
using MongoDB.Bson;
using MongoDB.Driver;

public class ProductsController : Controller
{
    private readonly IMongoCollection<Product> products;
    private readonly IMongoDatabase database;
    private string category;
    private string shop;

    public IActionResult Direct(string name)
    {
        // ruleid: cs.nosql-injection (flow: direct)
        var a = products.Find("{ name: '" + name + "' }").ToList();
        // ruleid: cs.nosql-injection (flow: direct)
        var b = products.Find(BsonDocument.Parse(Request.Query["filter"])).ToList();
        // ruleid: cs.nosql-injection (flow: direct)
        var c = products.Find(new BsonDocument("$where", "this.owner == '" + Request.Query["owner"] + "'")).ToList();
        return Ok(a);
    }

    public IActionResult Assignments()
    {
        string color = Request.Query["color"];
        var chosen = color;
        var json = "{ color: '" + chosen + "' }";
        // ruleid: cs.nosql-injection (flow: assignments)
        var count = products.CountDocuments(json);
        // ok: cs.nosql-injection (flow: assignments)
        var red = products.CountDocuments("{ color: 'red' }");
        return Ok(count);
    }

    public async Task<IActionResult> Building(string sku, string price)
    {
        // ruleid: cs.nosql-injection (flow: string-building)
        var a = await products.DeleteManyAsync($"{{ sku: '{sku}' }}");
        // ruleid: cs.nosql-injection (flow: string-building)
        var b = products.UpdateOne("{ sku: 'x' }", string.Format("{{ $set: {{ price: {0} }} }}", price));
        var sb = new StringBuilder("{ tags: { $in: [");
        sb.Append(Request.Query["tags"]).Append("] } }");
        // ruleid: cs.nosql-injection (flow: string-building)
        var c = products.Find(new JsonFilterDefinition<Product>(sb.ToString())).ToList();
        return Ok();
    }

    public IActionResult Container()
    {
        var filters = new Dictionary<string, string>();
        filters["all"] = "{}";
        filters["user"] = Request.Query["q"];
        // ok: cs.nosql-injection (flow: container)
        var a = products.Find(filters["all"]).ToList();
        // ruleid: cs.nosql-injection (flow: container)
        var b = products.Find(filters["user"]).ToList();
        var stages = new List<string>();
        stages.Add(Request.Form["stage"]);
        // ruleid: cs.nosql-injection (flow: container)
        var c = products.Aggregate().AppendStage<Product>(stages[0]).ToList();
        return Ok(a);
    }

    private static string ByOwner(string owner)
    {
        return "{ owner: '" + owner + "' }";
    }

    private BsonDocument Run(string command)
    {
        // ruleid: cs.nosql-injection (flow: helper-function)
        return database.RunCommand<BsonDocument>(command);
    }

    public IActionResult Helper()
    {
        // ruleid: cs.nosql-injection (flow: helper-function)
        var a = products.Find(ByOwner(Request.Query["owner"])).ToList();
        var b = Run("{ collStats: '" + Request.Query["c"] + "' }");
        // ok: cs.nosql-injection (flow: helper-function)
        var c = products.Find(ByOwner("system")).ToList();
        return Ok(a);
    }

    public void Pick()
    {
        this.category = Request.Query["category"];
        this.shop = "main";
    }

    public IActionResult List()
    {
        // ruleid: cs.nosql-injection (flow: class-field)
        var a = products.Find("{ category: '" + this.category + "' }").ToList();
        // ok: cs.nosql-injection (flow: class-field)
        var b = products.Find("{ shop: '" + this.shop + "' }").ToList();
        return Ok(a);
    }

    public IActionResult Sanitized(string name, int minPrice, string id)
    {
        // ok: cs.nosql-injection (flow: sanitized)
        var a = products.Find(Builders<Product>.Filter.Eq("name", name)).ToList();
        // ok: cs.nosql-injection (flow: sanitized)
        var b = products.Find(p => p.Name == name).ToList();
        // ok: cs.nosql-injection (flow: sanitized)
        var c = products.Find(new BsonDocument("name", name)).ToList();
        // ok: cs.nosql-injection (flow: sanitized)
        var d = products.Find(new BsonDocument("_id", ObjectId.Parse(id))).ToList();
        // ok: cs.nosql-injection (flow: number-conversion)
        var e = products.Find("{ price: { $gte: " + minPrice + " } }").ToList();
        var limit = int.Parse(Request.Query["limit"]);
        // ok: cs.nosql-injection (flow: number-conversion)
        var f = products.Find($"{{ stock: {{ $lt: {limit} }} }}").ToList();
        return Ok(a);
    }

    public IActionResult Constant()
    {
        string filter = Request.Query["filter"];
        filter = "{ active: true }";
        // ok: cs.nosql-injection (flow: constant-overwrite)
        var a = products.Find(filter).ToList();
        string status = Request.Query["status"];
        if (false)
        {
            status = Request.Query["other"];
        }
        else
        {
            status = "shipped";
        }
        // ok: cs.nosql-injection (flow: dead-branch)
        var b = products.Find("{ status: '" + status + "' }").ToList();
        return Ok(a);
    }
}

public class ProductRepository
{
    private readonly IMongoCollection<Product> products;

    public List<Product> Search(string json)
    {
        // ok: cs.nosql-injection
        return products.Find(json).ToList();
    }
}
