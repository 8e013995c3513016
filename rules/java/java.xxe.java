// Fixture for java.xxe.
import javax.xml.XMLConstants;
import javax.xml.parsers.*;
import javax.xml.stream.*;
import org.w3c.dom.Document;

public class XmlImport {
    public Document load(InputStream in) throws Exception {
        // ruleid: java.xxe
        DocumentBuilderFactory dbf = DocumentBuilderFactory.newInstance();
        return dbf.newDocumentBuilder().parse(in);
    }

    public void sax(InputStream in, DefaultHandler h) throws Exception {
        // ruleid: java.xxe
        SAXParser p = SAXParserFactory.newInstance().newSAXParser();
        p.parse(in, h);
    }

    public void stax(InputStream in) throws Exception {
        // ruleid: java.xxe
        XMLInputFactory xif = XMLInputFactory.newFactory();
        XMLStreamReader r = xif.createXMLStreamReader(in);
    }

    public Document hardened(InputStream in) throws Exception {
        // ok: java.xxe
        DocumentBuilderFactory dbf = DocumentBuilderFactory.newInstance();
        dbf.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
        return dbf.newDocumentBuilder().parse(in);
    }

    public void staxHardened(InputStream in) throws Exception {
        // ok: java.xxe
        XMLInputFactory xif = XMLInputFactory.newInstance();
        xif.setProperty(XMLInputFactory.SUPPORT_DTD, false);
        xif.createXMLStreamReader(in);
    }

    public Document secureProcessing(InputStream in) throws Exception {
        // ok: java.xxe
        DocumentBuilderFactory dbf = DocumentBuilderFactory.newInstance();
        dbf.setFeature(XMLConstants.FEATURE_SECURE_PROCESSING, true);
        dbf.setExpandEntityReferences(false);
        return dbf.newDocumentBuilder().parse(in);
    }

    public Document build() throws Exception {
        // ok: java.xxe
        Document d = DocumentBuilderFactory.newInstance().newDocumentBuilder().newDocument();
        return d;
    }

    public static DocumentBuilderFactory factory() {
        // ok: java.xxe
        return DocumentBuilderFactory.newInstance();
    }
}

class FieldHolder {
    // ruleid: java.xxe
    private static final DocumentBuilderFactory DBF = DocumentBuilderFactory.newInstance();

    Document read(InputStream in) throws Exception {
        return DBF.newDocumentBuilder().parse(in);
    }
}

class HardenedHolder {
    // ok: java.xxe
    private static final SAXParserFactory SPF = SAXParserFactory.newInstance();
    static {
        SPF.setFeature("http://xml.org/sax/features/external-general-entities", false);
    }

    void read(InputStream in, DefaultHandler h) throws Exception {
        SPF.newSAXParser().parse(in, h);
    }
}
