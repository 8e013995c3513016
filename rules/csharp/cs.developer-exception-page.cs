// Fixture for cs.developer-exception-page.
using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Hosting;

public class Startup
{
    public void Configure(IApplicationBuilder app, IWebHostEnvironment env)
    {
        // ruleid: cs.developer-exception-page
        app.UseDeveloperExceptionPage();
        // ruleid: cs.developer-exception-page
        app.UseDatabaseErrorPage();
        app.UseRouting();
    }
}

public static class Program
{
    public static void Main(string[] args)
    {
        var app = WebApplication.CreateBuilder(args).Build();
        if (app.Configuration.GetValue<bool>("ShowErrors"))
        {
            // ruleid: cs.developer-exception-page
            app.UseDeveloperExceptionPage();
        }
        if (app.Environment.IsDevelopment())
        {
            // ok: cs.developer-exception-page
            app.UseDeveloperExceptionPage();
        }
        else
        {
            // ok: cs.developer-exception-page
            app.UseExceptionHandler("/Error");
        }
        // ok: cs.developer-exception-page
        _ = env.IsDevelopment() ? app.UseDeveloperExceptionPage() : app.UseExceptionHandler("/Error");
        if (!app.Environment.IsProduction())
            // ok: cs.developer-exception-page
            app.UseDeveloperExceptionPage();
#if DEBUG
        // ok: cs.developer-exception-page
        app.UseDeveloperExceptionPage();
#endif
        app.Run();
    }

    public static void ConfigureDevelopment(IApplicationBuilder app)
    {
        // ok: cs.developer-exception-page
        app.UseDeveloperExceptionPage();
    }
}
