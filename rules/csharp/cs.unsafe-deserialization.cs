// Fixture for cs.unsafe-deserialization: request data deserialized by serializers that create the types it names.
using System;
using System.Collections.Generic;
using System.IO;
using System.Runtime.Serialization;
using System.Runtime.Serialization.Formatters.Binary;
using System.Text;
using System.Threading.Tasks;
using System.Web.Script.Serialization;
using System.Web.UI;
using System.Xml.Serialization;
using Microsoft.AspNetCore.Http;
using Microsoft.AspNetCore.Mvc;
using Newtonsoft.Json;

public class StateController : Controller
{
    private static readonly BinaryFormatter Formatter = new BinaryFormatter();
    private static readonly JsonSerializerSettings Typed = new JsonSerializerSettings { TypeNameHandling = TypeNameHandling.Auto };
    private static readonly JsonSerializerSettings Plain = new JsonSerializerSettings { TypeNameHandling = TypeNameHandling.None };
    private string saved;
    private string defaults;

    public object Direct(IFormFile upload)
    {
        // ruleid: cs.unsafe-deserialization (flow: direct)
        var a = new BinaryFormatter().Deserialize(Request.Body);
        // ruleid: cs.unsafe-deserialization (flow: direct)
        var b = Formatter.Deserialize(upload.OpenReadStream());
        // ruleid: cs.unsafe-deserialization (flow: direct)
        var c = new LosFormatter().Deserialize(Request.Form["__VIEWSTATE"]);
        return a;
    }

    public object Assignments()
    {
        string cookie = Request.Cookies["state"];
        var encoded = cookie;
        var bytes = Convert.FromBase64String(encoded);
        var stream = new MemoryStream(bytes);
        NetDataContractSerializer ndc = new NetDataContractSerializer();
        // ruleid: cs.unsafe-deserialization (flow: assignments)
        var state = ndc.ReadObject(stream);
        var xml = new DataContractSerializer(typeof(Order));
        // ok: cs.unsafe-deserialization (flow: assignments)
        var order = xml.ReadObject(stream);
        return state;
    }

    public object Building(string json, string typeName)
    {
        // ruleid: cs.unsafe-deserialization (flow: string-building)
        var a = JsonConvert.DeserializeObject("{\"$type\":\"" + typeName + "\"}", Typed);
        var sb = new StringBuilder("{\"items\":");
        sb.Append(json).Append("}");
        // ruleid: cs.unsafe-deserialization (flow: string-building)
        var b = JsonConvert.DeserializeObject<Cart>(sb.ToString(), new JsonSerializerSettings { TypeNameHandling = TypeNameHandling.All });
        var js = new JavaScriptSerializer(new SimpleTypeResolver());
        // ruleid: cs.unsafe-deserialization (flow: string-building)
        var c = js.Deserialize<Cart>($"{{\"cart\":{json}}}");
        return a;
    }

    public object Container()
    {
        var payloads = new Dictionary<string, string>();
        payloads["default"] = "{}";
        payloads["user"] = Request.Form["payload"];
        // ok: cs.unsafe-deserialization (flow: container)
        var a = JsonConvert.DeserializeObject(payloads["default"], Typed);
        // ruleid: cs.unsafe-deserialization (flow: container)
        var b = JsonConvert.DeserializeObject(payloads["user"], Typed);
        var chunks = new List<string>();
        chunks.Add(Request.Form["chunk"]);
        // ruleid: cs.unsafe-deserialization (flow: container)
        var c = new ObjectStateFormatter().Deserialize(string.Concat(chunks));
        return a;
    }

    private static Stream Decode(string text)
    {
        return new MemoryStream(Convert.FromBase64String(text));
    }

    private object Restore(Stream input)
    {
        // ruleid: cs.unsafe-deserialization (flow: helper-function)
        return Formatter.Deserialize(input);
    }

    public object Helper()
    {
        // ruleid: cs.unsafe-deserialization (flow: helper-function)
        var a = Formatter.Deserialize(Decode(Request.Query["s"]));
        var b = Restore(Request.Body);
        // ok: cs.unsafe-deserialization (flow: helper-function)
        var c = Formatter.Deserialize(Decode("AAEAAAD/////AQAAAAAAAAAMAgAAAA=="));
        return a;
    }

    public void Save()
    {
        this.saved = Request.Form["saved"];
        this.defaults = "{\"theme\":\"light\"}";
    }

    public object Load()
    {
        // ruleid: cs.unsafe-deserialization (flow: class-field)
        var a = JsonConvert.DeserializeObject(this.saved, Typed);
        // ok: cs.unsafe-deserialization (flow: class-field)
        var b = JsonConvert.DeserializeObject(this.defaults, Typed);
        return a;
    }

    public object Sanitized(string json, int version)
    {
        // ok: cs.unsafe-deserialization (flow: sanitized)
        var a = System.Text.Json.JsonSerializer.Deserialize<Cart>(json);
        // ok: cs.unsafe-deserialization (flow: sanitized)
        var b = JsonConvert.DeserializeObject<Cart>(json);
        // ok: cs.unsafe-deserialization (flow: sanitized)
        var c = JsonConvert.DeserializeObject<Cart>(json, Plain);
        // ok: cs.unsafe-deserialization (flow: sanitized)
        var d = new XmlSerializer(typeof(Cart)).Deserialize(new StringReader(json));
        // ok: cs.unsafe-deserialization (flow: sanitized)
        var e = new JavaScriptSerializer().Deserialize<Cart>(json);
        // ok: cs.unsafe-deserialization (flow: number-conversion)
        var f = Formatter.Deserialize(new MemoryStream(BitConverter.GetBytes(version)));
        var n = int.Parse(Request.Query["n"]);
        // ok: cs.unsafe-deserialization (flow: number-conversion)
        var g = JsonConvert.DeserializeObject("[" + n + "]", Typed);
        return a;
    }

    public object Constant()
    {
        string data = Request.Form["data"];
        data = "{}";
        // ok: cs.unsafe-deserialization (flow: constant-overwrite)
        var a = JsonConvert.DeserializeObject(data, Typed);
        string blob = Request.Form["blob"];
        if (false)
        {
            blob = Request.Form["other"];
        }
        else
        {
            blob = "[]";
        }
        // ok: cs.unsafe-deserialization (flow: dead-branch)
        var b = JsonConvert.DeserializeObject(blob, Typed);
        return a;
    }

    public object ChosenType(string type, string xml)
    {
        // ruleid: cs.unsafe-deserialization (flow: direct)
        var serializer = new XmlSerializer(Type.GetType(type));
        return serializer.Deserialize(new StringReader(xml));
    }
}

public class SessionStore
{
    private static readonly BinaryFormatter Formatter = new BinaryFormatter();

    public object Load(Stream stream)
    {
        // ok: cs.unsafe-deserialization
        return Formatter.Deserialize(stream);
    }
}
