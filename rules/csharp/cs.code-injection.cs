// Fixture for cs.code-injection.
using System;
using System.Reflection;
using Microsoft.AspNetCore.Mvc;
using Microsoft.CodeAnalysis.CSharp.Scripting;

public class CalcController : Controller
{
    private const string INIT = "1 + 1";

    public async Task<IActionResult> Eval(string expr)
    {
        // ruleid: cs.code-injection
        var result = await CSharpScript.EvaluateAsync(expr);
        // ruleid: cs.code-injection
        var total = await CSharpScript.EvaluateAsync<int>("return " + Request.Query["formula"] + ";");
        // ruleid: cs.code-injection
        var state = await CSharpScript.RunAsync($"var x = {expr};");
        // ruleid: cs.code-injection
        var asm = Assembly.Load(Convert.FromBase64String(Request.Form["plugin"]));
        return Ok(result);
    }

    public async Task<IActionResult> Safe(string name)
    {
        // ok: cs.code-injection
        var two = await CSharpScript.EvaluateAsync<int>("1 + 1");
        // ok: cs.code-injection
        var init = await CSharpScript.RunAsync(INIT);
        // ok: cs.code-injection
        var asm = Assembly.Load("MyCompany.Plugins");
        // ok: cs.code-injection
        var other = Assembly.LoadFrom(Path.Combine(AppContext.BaseDirectory, "Plugins.dll"));
        return Ok(two);
    }
}
