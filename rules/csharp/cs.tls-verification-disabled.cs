// Fixture for cs.tls-verification-disabled.
using System.Net;
using System.Net.Http;
using System.Net.Security;

public class ApiClientFactory
{
    public HttpClient Create(Stream tcp)
    {
        // ruleid: cs.tls-verification-disabled
        ServicePointManager.ServerCertificateValidationCallback = (sender, cert, chain, errors) => true;
        var handler = new HttpClientHandler();
        // ruleid: cs.tls-verification-disabled
        handler.ServerCertificateCustomValidationCallback = HttpClientHandler.DangerousAcceptAnyServerCertificateValidator;
        var other = new HttpClientHandler
        {
            // ruleid: cs.tls-verification-disabled
            ServerCertificateCustomValidationCallback = (msg, cert, chain, errors) => { return true; },
        };
        // ruleid: cs.tls-verification-disabled
        ServicePointManager.ServerCertificateValidationCallback += delegate { return true; };
        // ruleid: cs.tls-verification-disabled
        var ssl = new SslStream(tcp, false, (s, c, ch, e) => true);
        return new HttpClient(handler);
    }

    public HttpClient Safe(Stream tcp, X509Certificate2 pinned)
    {
        var handler = new HttpClientHandler();
        // ok: cs.tls-verification-disabled
        handler.ServerCertificateCustomValidationCallback = (msg, cert, chain, errors) => errors == SslPolicyErrors.None;
        // ok: cs.tls-verification-disabled
        handler.ServerCertificateCustomValidationCallback = (msg, cert, chain, errors) => cert.Thumbprint == pinned.Thumbprint;
        // ok: cs.tls-verification-disabled
        var ssl = new SslStream(tcp, false);
        // ok: cs.tls-verification-disabled
        var options = new SslClientAuthenticationOptions { TargetHost = "api.example.com" };
        return new HttpClient(handler);
    }
}
