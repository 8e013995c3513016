// Fixture for java.unsafe-deserialization-dynamic.
import java.beans.XMLDecoder;
import java.io.*;
import com.thoughtworks.xstream.XStream;
import javax.servlet.http.*;

public class Importer {
    private final XStream xstream = new XStream();

    public Object importFile(File file) throws IOException {
        // ruleid: java.unsafe-deserialization-dynamic
        XMLDecoder d = new XMLDecoder(new FileInputStream(file));
        // ruleid: java.unsafe-deserialization-dynamic
        Order order = (Order) xstream.fromXML(file);
        String xml = queue.take();
        // ruleid: java.unsafe-deserialization-dynamic
        return xstream.fromXML(xml);
    }

    public void safe(HttpServletRequest request) throws IOException {
        // ok: java.unsafe-deserialization-dynamic
        Object fixed = xstream.fromXML("<list/>");
        // ok: java.unsafe-deserialization-dynamic
        XMLDecoder fromRequest = new XMLDecoder(request.getInputStream());
        // ok: java.unsafe-deserialization-dynamic
        XMLEncoder e = new XMLEncoder(new FileOutputStream("out.xml"));
    }
}
