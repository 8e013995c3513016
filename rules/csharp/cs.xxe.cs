// Fixture for cs.xxe.
using System.Xml;

public class XmlImport
{
    public XmlDocument Load(Stream input, string path)
    {
        // ruleid: cs.xxe
        var doc = new XmlDocument { XmlResolver = new XmlUrlResolver() };
        var settings = new XmlReaderSettings();
        // ruleid: cs.xxe
        settings.DtdProcessing = DtdProcessing.Parse;
        // ruleid: cs.xxe
        settings.XmlResolver = new XmlSecureResolver(new XmlUrlResolver(), "http://localhost");
        var legacy = new XmlTextReader(path);
        // ruleid: cs.xxe
        legacy.ProhibitDtd = false;
        // ruleid: cs.xxe
        var reader = XmlReader.Create(input, new XmlReaderSettings { DtdProcessing = DtdProcessing.Parse, ValidationType = ValidationType.DTD });
        doc.Load(reader);
        return doc;
    }

    public XmlDocument Safe(Stream input)
    {
        // ok: cs.xxe
        var doc = new XmlDocument { XmlResolver = null };
        // ok: cs.xxe
        var settings = new XmlReaderSettings { DtdProcessing = DtdProcessing.Prohibit, XmlResolver = null };
        // ok: cs.xxe
        settings.DtdProcessing = DtdProcessing.Ignore;
        // ok: cs.xxe
        var legacy = new XmlTextReader(input) { ProhibitDtd = true };
        doc.Load(XmlReader.Create(input, settings));
        return doc;
    }

    public XmlReaderSettings Limited()
    {
        var settings = new XmlReaderSettings();
        settings.XmlResolver = null;
        settings.MaxCharactersFromEntities = 1024;
        // ok: cs.xxe
        settings.DtdProcessing = DtdProcessing.Parse;
        var schemas = new XmlReaderSettings { DtdProcessing = DtdProcessing.Prohibit };
        // ok: cs.xxe
        schemas.XmlResolver = new XmlUrlResolver();
        return settings;
    }
}
