<?php
// Fixture for php.echo-xss: request data written to the response, by every flow the analysis follows.

// ruleid: php.echo-xss (flow: direct)
echo "<h1>Results for " . $_GET['q'] . "</h1>";
// ruleid: php.echo-xss (flow: direct)
echo "<form action=\"{$_SERVER['PHP_SELF']}\" method=\"post\">";
// ruleid: php.echo-xss (flow: direct)
printf('<a href="%s">back</a>', $_SERVER['HTTP_REFERER']);
// ruleid: php.echo-xss (flow: direct)
echo isset($_GET['msg']) ? $_GET['msg'] : '';
// ruleid: php.echo-xss (flow: direct)
die("Unknown user " . $_POST['user']);
// ok: php.echo-xss (flow: direct)
echo $_SERVER['SERVER_NAME'];
// ok: php.echo-xss (flow: direct)
echo ($_GET['dbsize'] ? 'with sizes' : '?');
// ok: php.echo-xss (flow: direct)
echo "<a href=\"https://" . $_SERVER['HTTP_HOST'] . "/\">home</a>";
$name = $_POST['name'] ?? '';
$nick = $_POST['nick'] ?: 'anonymous';
// ruleid: php.echo-xss (flow: assignments)
echo "<p>Signed: $nick</p>";
$greeting = $name;
// ruleid: php.echo-xss (flow: assignments)
print "Hello $greeting";
// ok: php.echo-xss (flow: assignments)
echo "Hello " . strlen($greeting) . " characters";
?>
<p>
<!-- ruleid: php.echo-xss (flow: direct) -->
<?= $_GET['search'] ?>
</p>
<p>
<!-- ok: php.echo-xss (flow: sanitized) -->
<?= e($_GET['search']) ?>
</p>
<?php

function label($name)
{
    // A function does not see the script's variables: this $name is the parameter.
    // ok: php.echo-xss (flow: helper-function)
    echo '<label>' . $name . '</label>';
}

label('Email');

function building(): void
{
    $q = filter_input(INPUT_GET, 'q');
    // ruleid: php.echo-xss (flow: string-building)
    echo sprintf('<p>You searched for %s</p>', $q);
    $html = '<ul>';
    $html .= '<li>' . $q . '</li>';
    $html .= '</ul>';
    // ruleid: php.echo-xss (flow: string-building)
    echo $html;
    $body = <<<HTML
        <div class="note">{$_COOKIE['note']}</div>
        HTML;
    // ruleid: php.echo-xss (flow: string-building)
    print $body;
    // ruleid: php.echo-xss (flow: string-building)
    echo '<p>' . implode(', ', $_POST['tags']) . '</p>';
    // ruleid: php.echo-xss (flow: string-building)
    echo '<p>', $q, '</p>';
}

function container(): void
{
    $view = ['title' => 'Search', 'query' => $_GET['q']];
    // ok: php.echo-xss (flow: container)
    echo '<h1>' . $view['title'] . '</h1>';
    // ruleid: php.echo-xss (flow: container)
    echo '<p>' . $view['query'] . '</p>';
    $rows = [];
    $rows[] = '<td>' . $_GET['cell'] . '</td>';
    // ruleid: php.echo-xss (flow: container)
    echo implode('', $rows);
    parse_str($_SERVER['QUERY_STRING'], $params);
    // ruleid: php.echo-xss (flow: container)
    echo $params['ref'];
    foreach ($_GET as $key => $value) {
        // ruleid: php.echo-xss (flow: container)
        echo "<input type=\"hidden\" name=\"$key\" value=\"$value\">";
    }
}

function bold($text)
{
    return '<b>' . $text . '</b>';
}

function show_error($message)
{
    // ruleid: php.echo-xss (flow: helper-function)
    echo '<div class="error">' . $message . '</div>';
}

function helpers(): void
{
    // ruleid: php.echo-xss (flow: helper-function)
    echo bold($_GET['name']);
    show_error('Unknown page ' . $_SERVER['REQUEST_URI']);
    // ok: php.echo-xss (flow: helper-function)
    echo bold('static');
    show_error('Unknown page');
}

class ProfileView
{
    private $nick;
    private $theme;

    public function bind(): void
    {
        $this->nick = $_POST['nick'];
        $this->theme = 'dark';
    }

    public function render(): void
    {
        // ruleid: php.echo-xss (flow: class-field)
        echo "<span class=\"nick\">{$this->nick}</span>";
        // ok: php.echo-xss (flow: class-field)
        echo "<body class=\"{$this->theme}\">";
    }
}

function sanitized(): void
{
    // ok: php.echo-xss (flow: sanitized)
    echo "<h1>Results for " . htmlspecialchars($_GET['q'], ENT_QUOTES, 'UTF-8') . "</h1>";
    $safe = htmlentities($_POST['comment']);
    // ok: php.echo-xss (flow: sanitized)
    echo "<p>$safe</p>";
    // ok: php.echo-xss (flow: sanitized)
    echo '<a href="/search?q=' . urlencode($_GET['q']) . '">again</a>';
    // ok: php.echo-xss (flow: sanitized)
    echo '<script>var q = ' . json_encode($_GET['q'], JSON_HEX_TAG | JSON_HEX_QUOT) . ';</script>';
    // ok: php.echo-xss (flow: sanitized)
    echo esc_html(wp_unslash($_POST['title']));
}

function numbers(): void
{
    // ok: php.echo-xss (flow: number-conversion)
    echo 'Page ' . (int) $_GET['page'];
    $page = $_GET['page'];
    $page = (int) $page;
    // ok: php.echo-xss (flow: number-conversion)
    echo "Page $page";
    // ok: php.echo-xss (flow: number-conversion)
    echo count($_POST) . ' fields';
    $next = $_GET['page'] + 1;
    // ok: php.echo-xss (flow: number-conversion)
    echo "<a href=\"?page=$next\">next</a>";
}

function constants(): void
{
    $title = $_GET['title'];
    $title = 'Welcome';
    // ok: php.echo-xss (flow: constant-overwrite)
    echo "<h1>$title</h1>";
    $msg = $_GET['msg'];
    if (false) {
        $msg = $_GET['raw'];
    } else {
        $msg = 'Saved';
    }
    // ok: php.echo-xss (flow: dead-branch)
    echo $msg;
}

class GreetController
{
    public function laravel(Request $request)
    {
        // ruleid: php.echo-xss (flow: direct)
        return response('<p>Hello ' . $request->input('name') . '</p>');
    }

    public function symfony(Request $request): Response
    {
        $name = $request->query->get('name');
        // ruleid: php.echo-xss (flow: assignments)
        return new Response('<p>Hello ' . $name . '</p>');
    }

    public function safe(Request $request)
    {
        // ok: php.echo-xss (flow: sanitized)
        return response()->json(['name' => $request->input('name')]);
    }

    public function safeSymfony(Request $request): Response
    {
        // ok: php.echo-xss (flow: sanitized)
        return new Response('<p>Hello ' . htmlspecialchars($request->query->get('name')) . '</p>');
    }

    public function age(Request $request): Response
    {
        // ok: php.echo-xss (flow: number-conversion)
        return new Response('<p>Age ' . $request->query->getInt('age') . '</p>');
    }
}

// Every request source of the libraries reaches the page.
class Sources
{
    public function plain(): void
    {
        // ruleid: php.echo-xss (flow: direct)
        echo $_REQUEST['a'];
        // ruleid: php.echo-xss (flow: direct)
        echo $_FILES['upload']['name'];
        // ok: php.echo-xss (flow: direct)
        echo $_FILES['upload']['tmp_name'];
        // ruleid: php.echo-xss (flow: direct)
        echo $_SERVER['QUERY_STRING'];
        // ok: php.echo-xss (flow: direct)
        echo $_SERVER['REMOTE_ADDR'];
        // ruleid: php.echo-xss (flow: direct)
        echo filter_input(INPUT_SERVER, 'HTTP_ACCEPT_LANGUAGE');
        // ok: php.echo-xss (flow: number-conversion)
        echo filter_input(INPUT_GET, 'n', FILTER_VALIDATE_INT);
        // ok: php.echo-xss (flow: sanitized)
        echo filter_input(INPUT_GET, 'q', FILTER_SANITIZE_SPECIAL_CHARS);
        // ruleid: php.echo-xss (flow: direct)
        echo implode(',', filter_input_array(INPUT_POST));
        // ruleid: php.echo-xss (flow: direct)
        echo getallheaders()['X-Name'];
        // ruleid: php.echo-xss (flow: direct)
        echo file_get_contents('php://input');
    }

    public function laravel(Request $request): void
    {
        // ruleid: php.echo-xss (flow: direct)
        echo $request->name;
        // ruleid: php.echo-xss (flow: direct)
        echo request('q');
        // ruleid: php.echo-xss (flow: direct)
        echo request()->query('q');
        // ruleid: php.echo-xss (flow: direct)
        echo Request::input('q');
        // ruleid: php.echo-xss (flow: direct)
        echo $request->route('slug');
        // ok: php.echo-xss (flow: direct)
        echo $request->user()->name;
        // ok: php.echo-xss (flow: number-conversion)
        echo $request->integer('page');
    }

    public function symfony(Request $request): void
    {
        // ruleid: php.echo-xss (flow: direct)
        echo $request->headers->get('User-Agent');
        // ruleid: php.echo-xss (flow: direct)
        echo $request->cookies->get('name');
        // ruleid: php.echo-xss (flow: direct)
        echo $request->getContent();
        // ok: php.echo-xss (flow: number-conversion)
        echo $request->query->getDigits('zip');
    }

    public function codeigniter(): void
    {
        // ruleid: php.echo-xss (flow: direct)
        echo $this->input->get('q', true);
        // ruleid: php.echo-xss (flow: direct)
        echo $this->request->getGet('q');
        // ruleid: php.echo-xss (flow: direct)
        echo $this->input->raw_input_stream;
    }

    public function psr7($request, $response): void
    {
        // ruleid: php.echo-xss (flow: direct)
        echo $request->getQueryParams()['q'];
        // ruleid: php.echo-xss (flow: direct)
        echo $request->getHeaderLine('X-Name');
        // ruleid: php.echo-xss (flow: direct)
        echo $request->getUploadedFiles()['doc']->getClientFilename();
    }
}

// A JSON body declared as JSON is not rendered; json_encode alone keeps < and >.
function api_search() {
    header('Content-Type: application/json; charset=utf-8');
    // ok: php.echo-xss (flow: sanitized)
    echo json_encode(['q' => $_GET['q']]);
}

function page_search() {
    // ruleid: php.echo-xss (flow: direct)
    echo json_encode(['q' => $_GET['q']]);
}
