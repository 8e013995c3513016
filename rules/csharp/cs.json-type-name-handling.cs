// Fixture for cs.json-type-name-handling.
using Newtonsoft.Json;

public class MessageReader
{
    public object Read(string json)
    {
        // ruleid: cs.json-type-name-handling
        var settings = new JsonSerializerSettings { TypeNameHandling = TypeNameHandling.All };
        var serializer = new JsonSerializer();
        // ruleid: cs.json-type-name-handling
        serializer.TypeNameHandling = TypeNameHandling.Auto;
        // ruleid: cs.json-type-name-handling
        return JsonConvert.DeserializeObject(json, new JsonSerializerSettings { TypeNameHandling = Newtonsoft.Json.TypeNameHandling.Objects });
    }

    public object Safe(string json)
    {
        // ok: cs.json-type-name-handling
        var plain = new JsonSerializerSettings { TypeNameHandling = TypeNameHandling.None };
        // ok: cs.json-type-name-handling
        var bound = new JsonSerializerSettings { TypeNameHandling = TypeNameHandling.Auto, SerializationBinder = new KnownTypesBinder() };
        // ok: cs.json-type-name-handling
        var handling = TypeNameHandling.Auto.ToString();
        return JsonConvert.DeserializeObject<Message>(json, plain);
    }

    public JsonSerializer Configured()
    {
        var s = new JsonSerializer();
        // ok: cs.json-type-name-handling
        s.TypeNameHandling = TypeNameHandling.Objects;
        s.SerializationBinder = new KnownTypesBinder();
        return s;
    }
}
