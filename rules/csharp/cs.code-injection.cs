// Fixture for cs.code-injection: request data compiled, loaded or instantiated as code.
using System;
using System.Collections.Generic;
using System.Linq;
using System.Linq.Dynamic.Core;
using System.Reflection;
using System.Text;
using System.Threading.Tasks;
using Microsoft.AspNetCore.Mvc;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.CSharp.Scripting;

public class CalcController : Controller
{
    private const string INIT = "1 + 1";
    private string formula;
    private string greeting;

    public async Task<IActionResult> Direct(string expr)
    {
        // ruleid: cs.code-injection (flow: direct)
        var result = await CSharpScript.EvaluateAsync(expr);
        // ruleid: cs.code-injection (flow: direct)
        var asm = Assembly.Load(Convert.FromBase64String(Request.Form["plugin"]));
        // ruleid: cs.code-injection (flow: direct)
        var handler = Activator.CreateInstance(Type.GetType(Request.Query["type"]));
        return Ok(result);
    }

    public async Task<IActionResult> Assignments()
    {
        string text = Request.Query["formula"];
        var body = text;
        var code = "return " + body + ";";
        // ruleid: cs.code-injection (flow: assignments)
        var total = await CSharpScript.EvaluateAsync<int>(code);
        // ok: cs.code-injection (flow: assignments)
        var fixedTotal = await CSharpScript.EvaluateAsync<int>("return 40 + 2;");
        return Ok(total);
    }

    public async Task<IActionResult> Building(string expr, string filter)
    {
        // ruleid: cs.code-injection (flow: string-building)
        var state = await CSharpScript.RunAsync($"var x = {expr};");
        // ruleid: cs.code-injection (flow: string-building)
        var tree = CSharpSyntaxTree.ParseText(string.Format("class C {{ int M() => {0}; }}", expr));
        var sb = new StringBuilder("x => ");
        sb.Append(filter);
        // ruleid: cs.code-injection (flow: string-building)
        var lambda = DynamicExpressionParser.ParseLambda(typeof(Order), typeof(bool), sb.ToString());
        return Ok(state);
    }

    public async Task<IActionResult> Container()
    {
        var scripts = new Dictionary<string, string>();
        scripts["default"] = "1 + 1";
        scripts["user"] = Request.Query["script"];
        // ok: cs.code-injection (flow: container)
        var a = await CSharpScript.EvaluateAsync(scripts["default"]);
        // ruleid: cs.code-injection (flow: container)
        var b = await CSharpScript.EvaluateAsync(scripts["user"]);
        var lines = new List<string>();
        lines.Add(Request.Form["line"]);
        // ruleid: cs.code-injection (flow: container)
        var c = await CSharpScript.EvaluateAsync(string.Join(";", lines));
        return Ok(a);
    }

    private static string Wrap(string expression)
    {
        return "return " + expression + ";";
    }

    private object Create(string typeName)
    {
        // ruleid: cs.code-injection (flow: helper-function)
        return AppDomain.CurrentDomain.CreateInstanceAndUnwrap("Plugins", typeName);
    }

    public async Task<IActionResult> Helper()
    {
        // ruleid: cs.code-injection (flow: helper-function)
        var r = await CSharpScript.EvaluateAsync(Wrap(Request.Query["e"]));
        var plugin = Create(Request.Query["plugin"]);
        // ok: cs.code-injection (flow: helper-function)
        var fixedResult = await CSharpScript.EvaluateAsync(Wrap("6 * 7"));
        return Ok(r);
    }

    public void Prepare()
    {
        this.formula = Request.Form["formula"];
        this.greeting = "\"hello\"";
    }

    public async Task<IActionResult> Evaluate()
    {
        // ruleid: cs.code-injection (flow: class-field)
        var x = await CSharpScript.EvaluateAsync(this.formula);
        // ok: cs.code-injection (flow: class-field)
        var y = await CSharpScript.EvaluateAsync(this.greeting);
        return Ok(x);
    }

    public async Task<IActionResult> Sanitized(int a, int b)
    {
        // ok: cs.code-injection (flow: number-conversion)
        var sum = await CSharpScript.EvaluateAsync<int>(a + " + " + b);
        var n = int.Parse(Request.Query["n"]);
        // ok: cs.code-injection (flow: number-conversion)
        var square = await CSharpScript.EvaluateAsync<int>($"{n} * {n}");
        var op = Request.Query["op"].ToString() switch
        {
            "add" => "1 + 2",
            "mul" => "3 * 4",
            _ => "0",
        };
        // ok: cs.code-injection (flow: sanitized)
        var picked = await CSharpScript.EvaluateAsync<int>(op);
        // ok: cs.code-injection
        var init = await CSharpScript.RunAsync(INIT);
        // ok: cs.code-injection
        var known = Assembly.Load("MyCompany.Plugins");
        // ok: cs.code-injection
        var orders = db.Orders.Where(o => o.Customer == Request.Query["c"].ToString()).ToList();
        return Ok(sum);
    }

    public async Task<IActionResult> Constant()
    {
        string code = Request.Query["code"];
        code = "DateTime.Now.Year";
        // ok: cs.code-injection (flow: constant-overwrite)
        var year = await CSharpScript.EvaluateAsync(code);
        string script = Request.Query["script"];
        if (false)
        {
            script = Request.Query["other"];
        }
        else
        {
            script = "1";
        }
        // ok: cs.code-injection (flow: dead-branch)
        var one = await CSharpScript.EvaluateAsync(script);
        return Ok(year);
    }
}

public class RulesEngine
{
    public async Task<object> Run(string expression)
    {
        // ok: cs.code-injection
        return await CSharpScript.EvaluateAsync(expression);
    }
}
