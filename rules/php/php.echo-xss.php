<?php
// Fixture for php.echo-xss.

// ruleid: php.echo-xss
echo "<h1>Results for " . $_GET['q'] . "</h1>";
// ruleid: php.echo-xss
echo "<form action=\"{$_SERVER['PHP_SELF']}\" method=\"post\">";
$name = $_POST['name'] ?? '';
// ruleid: php.echo-xss
print "Hello $name";
// ruleid: php.echo-xss
printf('<a href="%s">back</a>', $_SERVER['HTTP_REFERER']);
// ruleid: php.echo-xss
echo isset($_GET['msg']) ? $_GET['msg'] : '';
// ok: php.echo-xss
echo "<h1>Results for " . htmlspecialchars($_GET['q'], ENT_QUOTES, 'UTF-8') . "</h1>";
// ok: php.echo-xss
echo 'Page ' . (int) $_GET['page'];
$page = $_GET['page'];
$page = (int) $page;
// ok: php.echo-xss
echo "Page $page";
// ok: php.echo-xss
echo count($_POST) . ' fields';
// ok: php.echo-xss
echo $_SERVER['SERVER_NAME'];
?>
<p>
<!-- ruleid: php.echo-xss -->
<?= $_GET['search'] ?>
</p>
<p>
<!-- ok: php.echo-xss -->
<?= e($_GET['search']) ?>
</p>
<?php

class GreetController
{
    public function laravel(Request $request)
    {
        // ruleid: php.echo-xss
        return response('<p>Hello ' . $request->input('name') . '</p>');
    }

    public function symfony(Request $request): Response
    {
        // ruleid: php.echo-xss
        return new Response('<p>Hello ' . $request->query->get('name') . '</p>');
    }

    public function safe(Request $request)
    {
        // ok: php.echo-xss
        return response()->json(['name' => $request->input('name')]);
    }

    public function safeSymfony(Request $request): Response
    {
        // ok: php.echo-xss
        return new Response('<p>Hello ' . htmlspecialchars($request->query->get('name')) . '</p>');
    }
}

function flags(): void
{
    // ok: php.echo-xss
    echo ($_GET['dbsize'] ? 'with sizes' : '?');
    $page = $_GET['page'];
    // ok: php.echo-xss
    echo $page ? pagination($page) : '';
    // ruleid: php.echo-xss
    echo $_GET['modify'] ? $_GET['modify'] : '';
}
