// Fixture for java.xpath-injection.
import javax.xml.xpath.*;
import org.w3c.dom.Document;

public class XmlUserStore {
    private final XPath xpath = XPathFactory.newInstance().newXPath();
    private Document doc;

    public boolean login(String user, String pass) throws Exception {
        // ruleid: java.xpath-injection
        XPathExpression e = xpath.compile("//user[@name='" + user + "' and @pass='" + pass + "']");
        // ruleid: java.xpath-injection
        String role = xpath.evaluate("//user[@name='" + user + "']/@role", doc);
        // ruleid: java.xpath-injection
        Object n = xpath.evaluate(String.format("//user[@id='%s']", user), doc, XPathConstants.NODE);
        // ruleid: java.xpath-injection
        xpath.compile("/users/user[name='" + request.getParameter("name") + "']");
        return e.evaluate(doc, XPathConstants.BOOLEAN) != null;
    }

    public String safe(String user) throws Exception {
        // ok: java.xpath-injection
        XPathExpression e = xpath.compile("//user[@name=$name]");
        // ok: java.xpath-injection
        String role = xpath.evaluate("/config/role", doc);
        // ok: java.xpath-injection
        xpath.compile(BASE_PATH + "/item");
        // ok: java.xpath-injection
        Pattern p = Pattern.compile("^" + user + "$");
        return role;
    }
}
