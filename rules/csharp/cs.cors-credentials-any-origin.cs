// Fixture for cs.cors-credentials-any-origin.
using Microsoft.AspNetCore.Cors;
using Microsoft.Extensions.DependencyInjection;

public class Startup
{
    public void ConfigureServices(IServiceCollection services)
    {
        services.AddCors(options =>
        {
            // ruleid: cs.cors-credentials-any-origin
            options.AddPolicy("open", p => p.AllowAnyOrigin().AllowAnyHeader().AllowCredentials());
            // ruleid: cs.cors-credentials-any-origin
            options.AddPolicy("reflect", p => p.SetIsOriginAllowed(_ => true).AllowAnyMethod().AllowCredentials());
            // ruleid: cs.cors-credentials-any-origin
            options.AddPolicy("reversed", p => p.AllowCredentials().SetIsOriginAllowed(origin => true));
        });
        // ruleid: cs.cors-credentials-any-origin
        config.EnableCors(new EnableCorsAttribute("*", "*", "*") { SupportsCredentials = true });
    }

    public void Safe(IServiceCollection services)
    {
        services.AddCors(options =>
        {
            // ok: cs.cors-credentials-any-origin
            options.AddPolicy("app", p => p.WithOrigins("https://app.example.com").AllowCredentials());
            // ok: cs.cors-credentials-any-origin
            options.AddPolicy("public", p => p.AllowAnyOrigin().AllowAnyHeader());
            // ok: cs.cors-credentials-any-origin
            options.AddPolicy("checked", p => p.SetIsOriginAllowed(o => new Uri(o).Host == "example.com").AllowCredentials());
        });
        // ok: cs.cors-credentials-any-origin
        config.EnableCors(new EnableCorsAttribute("https://app.example.com", "*", "*") { SupportsCredentials = true });
    }
}
