// Fixture for java.unsafe-deserialization: request and socket data deserialized, by every flow the analysis follows.
import java.beans.XMLDecoder;
import java.io.*;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.*;
import com.thoughtworks.xstream.XStream;
import javax.servlet.http.*;
import org.apache.commons.lang3.SerializationUtils;
import org.springframework.web.bind.annotation.*;
import org.yaml.snakeyaml.Yaml;

public class ReceiverServlet extends HttpServlet {
    private byte[] pending;

    @Override
    protected void doPost(HttpServletRequest request, HttpServletResponse response) throws Exception {
        // ruleid: java.unsafe-deserialization (flow: direct)
        ObjectInputStream ois = new ObjectInputStream(request.getInputStream());
        Object o = ois.readObject();
        // ruleid: java.unsafe-deserialization (flow: direct)
        XMLDecoder d = new XMLDecoder(request.getInputStream());
        // ruleid: java.unsafe-deserialization (flow: direct)
        Order order = (Order) new XStream().fromXML(request.getReader());
        String param = request.getParameter("state");
        String state = param;
        byte[] raw = Base64.getDecoder().decode(state);
        // ruleid: java.unsafe-deserialization (flow: assignments)
        Object restored = new ObjectInputStream(new ByteArrayInputStream(raw)).readObject();
        // ruleid: java.unsafe-deserialization (flow: string-building)
        Object cfg = new Yaml().load("settings:\n" + state);
        Map<String, byte[]> blobs = new HashMap<String, byte[]>();
        blobs.put("user", raw);
        blobs.put("empty", new byte[0]);
        // ruleid: java.unsafe-deserialization (flow: container)
        SerializationUtils.deserialize(blobs.get("user"));
        // ok: java.unsafe-deserialization (flow: container)
        SerializationUtils.deserialize(blobs.get("empty"));
        // ok: java.unsafe-deserialization
        ObjectOutputStream out = new ObjectOutputStream(response.getOutputStream());
    }

    private static InputStream decoded(String text) {
        return new ByteArrayInputStream(Base64.getDecoder().decode(text));
    }

    private Object load(InputStream in) throws Exception {
        // ruleid: java.unsafe-deserialization (flow: helper-function)
        return new ObjectInputStream(in).readObject();
    }

    protected void helpers(HttpServletRequest request) throws Exception {
        String param = request.getHeader("X-State");
        // ruleid: java.unsafe-deserialization (flow: helper-function)
        new XMLDecoder(decoded(param)).readObject();
        load(request.getInputStream());
        // ok: java.unsafe-deserialization (flow: helper-function)
        new XMLDecoder(decoded("PGphdmEvPg==")).readObject();
        this.pending = Base64.getDecoder().decode(request.getParameter("pending"));
    }

    protected Object resume() throws Exception {
        // ruleid: java.unsafe-deserialization (flow: class-field)
        return new ObjectInputStream(new ByteArrayInputStream(this.pending)).readObject();
    }

    void serve(ServerSocket server) throws Exception {
        Socket socket = server.accept();
        InputStream in = socket.getInputStream();
        // ruleid: java.unsafe-deserialization (flow: assignments)
        Object msg = new ObjectInputStream(in).readObject();
    }

    void filtered(Socket socket, File cacheFile, HttpServletRequest request) throws Exception {
        // ok: java.unsafe-deserialization (flow: sanitized)
        ObjectInputStream ois = new ObjectInputStream(socket.getInputStream());
        ois.setObjectInputFilter(ObjectInputFilter.Config.createFilter("com.example.Msg;!*"));
        // ok: java.unsafe-deserialization
        ObjectInputStream local = new ObjectInputStream(new FileInputStream(cacheFile));
        // ok: java.unsafe-deserialization (flow: sanitized)
        ObjectInputStream checked = new ObjectInputStream(request.getInputStream()) {
            @Override
            protected Class<?> resolveClass(ObjectStreamClass desc) throws IOException, ClassNotFoundException {
                if (!desc.getName().startsWith("com.example.")) throw new InvalidClassException(desc.getName());
                return super.resolveClass(desc);
            }
        };
    }

    void constants(HttpServletRequest request) throws Exception {
        int version = Integer.parseInt(request.getParameter("v"));
        // ok: java.unsafe-deserialization (flow: number-conversion)
        new XMLDecoder(new ByteArrayInputStream(("<v>" + version + "</v>").getBytes()));
        String state = request.getParameter("state");
        state = "PGphdmEvPg==";
        // ok: java.unsafe-deserialization (flow: constant-overwrite)
        new XMLDecoder(decoded(state));
        String bar = "PGphdmEvPg==";
        if (false) {
            bar = request.getParameter("state");
        }
        // ok: java.unsafe-deserialization (flow: dead-branch)
        new XMLDecoder(decoded(bar));
    }
}

@RestController
class ImportController {
    @PostMapping("/import")
    public String importData(@RequestBody byte[] body) throws Exception {
        // ruleid: java.unsafe-deserialization (flow: direct)
        Object o = new ObjectInputStream(new ByteArrayInputStream(body)).readObject();
        return "ok";
    }
}
