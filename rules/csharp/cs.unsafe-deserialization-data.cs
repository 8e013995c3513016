// Fixture for cs.unsafe-deserialization-data.
using System.IO;
using System.Runtime.Serialization;
using System.Runtime.Serialization.Formatters.Binary;
using System.Web.Script.Serialization;
using System.Web.UI;

public class SessionStore
{
    private static readonly BinaryFormatter Formatter = new BinaryFormatter();

    public object Load(Stream stream, string viewState)
    {
        // ruleid: cs.unsafe-deserialization-data
        var a = new BinaryFormatter().Deserialize(stream);
        var los = new LosFormatter();
        // ruleid: cs.unsafe-deserialization-data
        var b = los.Deserialize(viewState);
        // ruleid: cs.unsafe-deserialization-data
        var c = Formatter.Deserialize(stream);
        NetDataContractSerializer ndc = new NetDataContractSerializer();
        // ruleid: cs.unsafe-deserialization-data
        var d = ndc.ReadObject(stream);
        // ruleid: cs.unsafe-deserialization-data
        var js = new JavaScriptSerializer(new SimpleTypeResolver());
        // ok: cs.unsafe-deserialization-data
        var fromRequest = new BinaryFormatter().Deserialize(HttpContext.Current.Request.InputStream);
        return a;
    }

    public object Safe(Stream stream, string json)
    {
        var xml = new DataContractSerializer(typeof(Order));
        // ok: cs.unsafe-deserialization-data
        var order = xml.ReadObject(stream);
        // ok: cs.unsafe-deserialization-data
        var data = System.Text.Json.JsonSerializer.Deserialize<Order>(json);
        // ok: cs.unsafe-deserialization-data
        var js = new JavaScriptSerializer();
        // ok: cs.unsafe-deserialization-data
        new BinaryFormatter().Serialize(stream, order);
        return order;
    }
}
