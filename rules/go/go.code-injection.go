// Fixture for go.code-injection: request data run as code by an embedded interpreter.
package scripting

import (
	"fmt"
	"net/http"
	"strconv"
	"strings"

	"github.com/dop251/goja"
	"github.com/expr-lang/expr"
	"github.com/gin-gonic/gin"
	"github.com/robertkrimen/otto"
	"github.com/traefik/yaegi/interp"
)

var formulas = map[string]string{"total": "price * qty", "tax": "price * qty * 0.2"}

func Direct(w http.ResponseWriter, r *http.Request) {
	vm := goja.New()
	// ruleid: go.code-injection (flow: direct)
	v, _ := vm.RunString(r.FormValue("script"))
	// ok: go.code-injection (flow: direct)
	vm.Set("input", r.FormValue("input"))
	// ok: go.code-injection (flow: direct)
	vm.RunString("input.toUpperCase()")
	fmt.Fprint(w, v)
}

func GinEval(c *gin.Context) {
	code := c.PostForm("code")
	src := code
	i := interp.New(interp.Options{})
	// ruleid: go.code-injection (flow: assignments)
	i.Eval(src)
	// ok: go.code-injection (flow: assignments)
	i.Eval(`import "fmt"`)
}

func Building(w http.ResponseWriter, r *http.Request) {
	vm := otto.New()
	field := r.URL.Query().Get("field")
	// ruleid: go.code-injection (flow: string-building)
	vm.Run("var result = record." + field + ";")
	var sb strings.Builder
	sb.WriteString("price * ")
	sb.WriteString(r.FormValue("factor"))
	// ruleid: go.code-injection (flow: string-building)
	program, _ := expr.Compile(sb.String())
	// ok: go.code-injection (flow: string-building)
	vm.Set("field", field)
	_ = program
}

func Container(w http.ResponseWriter, r *http.Request) {
	rt := goja.New()
	scripts := map[string]string{"init": "var x = 1;", "user": r.FormValue("js")}
	// ok: go.code-injection (flow: container)
	rt.RunString(scripts["init"])
	// ruleid: go.code-injection (flow: container)
	rt.RunScript("user.js", scripts["user"])
}

func wrapFn(body string) string {
	return "(function(){" + body + "})()"
}

func run(src string) {
	vm := goja.New()
	// ruleid: go.code-injection (flow: helper-function)
	vm.RunString(src)
}

func Helper(w http.ResponseWriter, r *http.Request) {
	vm := goja.New()
	// ruleid: go.code-injection (flow: helper-function)
	vm.RunString(wrapFn(r.FormValue("body")))
	run(r.URL.Query().Get("src"))
	// ok: go.code-injection (flow: helper-function)
	vm.RunString(wrapFn("return 1"))
}

func Sanitized(w http.ResponseWriter, r *http.Request) {
	// ok: go.code-injection (flow: sanitized)
	expr.Eval(formulas[r.FormValue("formula")], map[string]interface{}{"price": 2, "qty": 3})
	n, _ := strconv.Atoi(r.FormValue("n"))
	vm := goja.New()
	// ok: go.code-injection (flow: number-conversion)
	vm.RunString("fib(" + strconv.Itoa(n) + ")")
}

func Constant(w http.ResponseWriter, r *http.Request) {
	vm := goja.New()
	src := r.FormValue("src")
	src = "1 + 1"
	// ok: go.code-injection (flow: constant-overwrite)
	vm.RunString(src)
	code := r.FormValue("code")
	if false {
		code = r.FormValue("other")
	} else {
		code = "2 * 2"
	}
	// ok: go.code-injection (flow: dead-branch)
	vm.RunString(code)
}

func RunPlugin(vm *goja.Runtime, pluginSrc string) {
	// ok: go.code-injection
	vm.RunString(pluginSrc)
}
