// Fixture for go.nosql-injection: request data becoming MongoDB query logic.
package users

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strconv"

	"github.com/gin-gonic/gin"
	"go.mongodb.org/mongo-driver/bson"
	"go.mongodb.org/mongo-driver/mongo"
)

var coll *mongo.Collection

func Direct(w http.ResponseWriter, r *http.Request) {
	// ruleid: go.nosql-injection (flow: direct)
	cur, _ := coll.Find(r.Context(), bson.M{"$where": r.URL.Query().Get("js")})
	defer cur.Close(r.Context())
	// ok: go.nosql-injection (flow: direct)
	coll.Find(r.Context(), bson.M{"name": r.URL.Query().Get("name")})
	// ok: go.nosql-injection (flow: direct)
	coll.Find(r.Context(), bson.D{{"name", r.FormValue("name")}, {"active", true}})
}

func Login(c *gin.Context) {
	var filter bson.M
	err := c.ShouldBindJSON(&filter)
	if err != nil {
		return
	}
	query := filter
	// ruleid: go.nosql-injection (flow: assignments)
	res := coll.FindOne(c.Request.Context(), query)
	_ = res
	// ok: go.nosql-injection (flow: assignments)
	coll.FindOne(c.Request.Context(), bson.M{"user": c.PostForm("user"), "active": true})
}

func Building(w http.ResponseWriter, r *http.Request) {
	name := r.FormValue("name")
	js := fmt.Sprintf("this.name == '%s' && this.age > 18", name)
	// ruleid: go.nosql-injection (flow: string-building)
	coll.Find(r.Context(), bson.D{{"$where", js}})
	// ruleid: go.nosql-injection (flow: string-building)
	coll.CountDocuments(context.TODO(), map[string]interface{}{"$where": "this.owner == '" + name + "'"})
	// ok: go.nosql-injection (flow: string-building)
	coll.CountDocuments(context.TODO(), bson.M{"owner": "user:" + name})
}

func Container(w http.ResponseWriter, r *http.Request) {
	body, _ := io.ReadAll(r.Body)
	var pipeline []bson.M
	json.Unmarshal(body, &pipeline)
	// ruleid: go.nosql-injection (flow: container)
	coll.Aggregate(r.Context(), pipeline)
	var ext bson.M
	bson.UnmarshalExtJSON([]byte(r.FormValue("q")), true, &ext)
	// ruleid: go.nosql-injection (flow: container)
	coll.DeleteMany(r.Context(), ext)
	filter := bson.M{"status": "open"}
	filter["$where"] = r.FormValue("cond")
	// ruleid: go.nosql-injection (flow: container)
	coll.Find(r.Context(), filter)
	// ok: go.nosql-injection (flow: container)
	coll.Find(r.Context(), bson.M{"status": "open", "tags": bson.M{"$in": bson.A{r.FormValue("tag")}}})
}

func decodeFilter(r io.Reader) bson.M {
	var m bson.M
	json.NewDecoder(r).Decode(&m)
	return m
}

func update(ctx context.Context, id string, change bson.M) {
	// ruleid: go.nosql-injection (flow: helper-function)
	coll.UpdateOne(ctx, bson.M{"_id": id}, change)
}

func Helper(w http.ResponseWriter, r *http.Request) {
	// ruleid: go.nosql-injection (flow: helper-function)
	coll.Find(r.Context(), decodeFilter(r.Body))
	var change bson.M
	json.NewDecoder(r.Body).Decode(&change)
	update(r.Context(), r.FormValue("id"), change)
	// ok: go.nosql-injection (flow: helper-function)
	update(r.Context(), r.FormValue("id"), bson.M{"$set": bson.M{"seen": true}})
}

func Sanitized(w http.ResponseWriter, r *http.Request) {
	age, err := strconv.Atoi(r.FormValue("age"))
	if err != nil {
		return
	}
	// ok: go.nosql-injection (flow: number-conversion)
	coll.Find(r.Context(), bson.M{"$where": "this.age > " + strconv.Itoa(age)})
	// ok: go.nosql-injection (flow: sanitized)
	coll.Find(r.Context(), bson.M{"age": bson.M{"$gt": r.FormValue("min")}})
}

func Constant(w http.ResponseWriter, r *http.Request) {
	js := r.FormValue("js")
	js = "this.active == true"
	// ok: go.nosql-injection (flow: constant-overwrite)
	coll.Find(r.Context(), bson.M{"$where": js})
	var filter interface{} = bson.M{}
	if false {
		filter = r.FormValue("filter")
	}
	// ok: go.nosql-injection (flow: dead-branch)
	coll.Find(r.Context(), filter)
}

func Search(ctx context.Context, filter bson.M) {
	// ok: go.nosql-injection
	coll.Find(ctx, filter)
}
