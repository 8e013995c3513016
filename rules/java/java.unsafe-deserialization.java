// Fixture for java.unsafe-deserialization.
import java.beans.XMLDecoder;
import java.io.*;
import java.net.Socket;
import com.thoughtworks.xstream.XStream;
import javax.servlet.http.*;

public class Receiver extends HttpServlet {
    protected void doPost(HttpServletRequest request, HttpServletResponse response) throws Exception {
        // ruleid: java.unsafe-deserialization
        ObjectInputStream ois = new ObjectInputStream(request.getInputStream());
        Object o = ois.readObject();
        // ruleid: java.unsafe-deserialization
        XMLDecoder d = new XMLDecoder(request.getInputStream());
        // ruleid: java.unsafe-deserialization
        Order order = (Order) new XStream().fromXML(request.getReader());
    }

    void serve(Socket socket) throws Exception {
        InputStream in = socket.getInputStream();
        // ruleid: java.unsafe-deserialization
        Object msg = new ObjectInputStream(in).readObject();
    }

    void filtered(Socket socket) throws Exception {
        // ok: java.unsafe-deserialization
        ObjectInputStream ois = new ObjectInputStream(socket.getInputStream());
        ois.setObjectInputFilter(ObjectInputFilter.Config.createFilter("com.example.Msg;!*"));
        // ok: java.unsafe-deserialization
        ObjectInputStream local = new ObjectInputStream(new FileInputStream(cacheFile));
        // ok: java.unsafe-deserialization
        ObjectInputStream checked = new ObjectInputStream(socket.getInputStream()) {
            @Override
            protected Class<?> resolveClass(ObjectStreamClass desc) throws IOException, ClassNotFoundException {
                if (!desc.getName().startsWith("com.example.")) throw new InvalidClassException(desc.getName());
                return super.resolveClass(desc);
            }
        };
        // ok: java.unsafe-deserialization
        ObjectOutputStream out = new ObjectOutputStream(socket.getOutputStream());
    }
}
