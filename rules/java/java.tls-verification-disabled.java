// Fixture for java.tls-verification-disabled.
import java.security.cert.*;
import javax.net.ssl.*;

public class InsecureClient {
    TrustManager[] trustAll = new TrustManager[] { new X509TrustManager() {
        public X509Certificate[] getAcceptedIssuers() { return new X509Certificate[0]; }
        public void checkClientTrusted(X509Certificate[] chain, String authType) { }
        // ruleid: java.tls-verification-disabled
        public void checkServerTrusted(X509Certificate[] chain, String authType) { }
    } };

    void configure(HttpsURLConnection conn, HttpClientBuilder builder) {
        // ruleid: java.tls-verification-disabled
        conn.setHostnameVerifier((hostname, session) -> true);
        HostnameVerifier hv = new HostnameVerifier() {
            // ruleid: java.tls-verification-disabled
            public boolean verify(String host, SSLSession session) { return true; }
        };
        // ruleid: java.tls-verification-disabled
        builder.setSSLHostnameVerifier(NoopHostnameVerifier.INSTANCE);
        // ruleid: java.tls-verification-disabled
        SSLConnectionSocketFactory f = new SSLConnectionSocketFactory(ctx, SSLConnectionSocketFactory.ALLOW_ALL_HOSTNAME_VERIFIER);
    }

    TrustManager[] pinned = new TrustManager[] { new X509TrustManager() {
        public X509Certificate[] getAcceptedIssuers() { return new X509Certificate[0]; }
        public void checkClientTrusted(X509Certificate[] chain, String authType) { }
        // ok: java.tls-verification-disabled
        public void checkServerTrusted(X509Certificate[] chain, String authType) throws CertificateException {
            delegate.checkServerTrusted(chain, authType);
            pin.check(chain[0]);
        }
    } };

    void safe(HttpsURLConnection conn) {
        // ok: java.tls-verification-disabled
        conn.setHostnameVerifier((hostname, session) -> hostname.equals("api.example.com"));
        HostnameVerifier strict = new HostnameVerifier() {
            // ok: java.tls-verification-disabled
            public boolean verify(String host, SSLSession session) { return HttpsURLConnection.getDefaultHostnameVerifier().verify(host, session); }
        };
        // ok: java.tls-verification-disabled
        builder.setSSLHostnameVerifier(new DefaultHostnameVerifier());
        // ok: java.tls-verification-disabled
        list.removeIf(item -> true);
    }
}
