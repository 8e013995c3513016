// Fixture for java.nosql-injection: request data reaching a MongoDB query's text, by every flow the analysis follows.
import java.util.*;
import javax.servlet.http.*;
import com.mongodb.BasicDBObject;
import com.mongodb.client.MongoCollection;
import com.mongodb.client.model.Filters;
import org.bson.Document;
import org.springframework.data.mongodb.core.MongoTemplate;
import org.springframework.data.mongodb.core.query.BasicQuery;
import org.springframework.data.mongodb.core.query.Criteria;
import org.springframework.data.mongodb.core.query.Query;
import org.springframework.web.bind.annotation.*;

public class UserLookupServlet extends HttpServlet {
    private MongoCollection<Document> users;
    private MongoTemplate mongoTemplate;
    private String tenant;

    @Override
    protected void doGet(HttpServletRequest request, HttpServletResponse response) {
        // ruleid: java.nosql-injection (flow: direct)
        users.find(Document.parse("{name: '" + request.getParameter("name") + "'}"));
        String param = request.getParameter("user");
        String user = param;
        // ruleid: java.nosql-injection (flow: assignments)
        users.find(new BasicDBObject("$where", "this.name == '" + user + "'"));
        // ruleid: java.nosql-injection (flow: string-building)
        users.find(Filters.where(String.format("this.age > %s", user)));
        StringBuilder json = new StringBuilder("{role: '");
        json.append(user).append("'}");
        // ruleid: java.nosql-injection (flow: string-building)
        mongoTemplate.find(new BasicQuery(json.toString()), User.class);
        Map<String, String> q = new HashMap<String, String>();
        q.put("user", user);
        q.put("all", "{}");
        // ruleid: java.nosql-injection (flow: container)
        users.find(Document.parse(q.get("user")));
        // ok: java.nosql-injection (flow: container)
        users.find(Document.parse(q.get("all")));
        // ok: java.nosql-injection (flow: sanitized)
        users.find(Filters.eq("name", user));
        // ok: java.nosql-injection (flow: sanitized)
        users.find(new Document("name", user));
        // ok: java.nosql-injection (flow: sanitized)
        mongoTemplate.find(new Query(Criteria.where("name").is(user)), User.class);
    }

    private static String byName(String name) {
        return "{name: '" + name + "'}";
    }

    private void runWhere(String code) {
        // ruleid: java.nosql-injection (flow: helper-function)
        users.find(new Document().append("$where", code));
    }

    protected void helpers(HttpServletRequest request) {
        String param = request.getParameter("name");
        // ruleid: java.nosql-injection (flow: helper-function)
        users.find(BasicDBObject.parse(byName(param)));
        runWhere(param);
        // ok: java.nosql-injection (flow: helper-function)
        users.find(BasicDBObject.parse(byName("admin")));
        this.tenant = request.getHeader("X-Tenant");
    }

    protected void tenantUsers() {
        // ruleid: java.nosql-injection (flow: class-field)
        users.find(Document.parse("{tenant: '" + this.tenant + "'}"));
    }

    protected void safe(HttpServletRequest request) {
        int age = Integer.parseInt(request.getParameter("age"));
        // ok: java.nosql-injection (flow: number-conversion)
        users.find(Document.parse("{age: {$gt: " + age + "}}"));
        String name = request.getParameter("name");
        name = "guest";
        // ok: java.nosql-injection (flow: constant-overwrite)
        users.find(Document.parse("{name: '" + name + "'}"));
        String bar = "guest";
        if (false) {
            bar = request.getParameter("name");
        }
        // ok: java.nosql-injection (flow: dead-branch)
        users.find(Document.parse("{name: '" + bar + "'}"));
        // ok: java.nosql-injection
        Date d = dateFormat.parse(request.getParameter("since"));
    }
}

@RestController
class ProductController {
    private MongoTemplate mongoTemplate;

    @GetMapping("/products")
    public Object products(@RequestParam String filter) {
        // ruleid: java.nosql-injection (flow: direct)
        return mongoTemplate.find(new BasicQuery(filter), Product.class);
    }
}
