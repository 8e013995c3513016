<?php
// Fixture for php.extract-request: request data imported as variables, by every flow the analysis follows.

function direct(): void
{
    // ruleid: php.extract-request (flow: direct)
    extract($_POST);
    // ruleid: php.extract-request (flow: direct)
    extract($_GET, EXTR_SKIP);
    // ruleid: php.extract-request (flow: direct)
    parse_str($_SERVER['QUERY_STRING']);
    // ok: php.extract-request (flow: direct)
    parse_str($_SERVER['QUERY_STRING'], $query);
    // ok: php.extract-request (flow: direct)
    extract(['title' => 'Home', 'items' => $items]);
    // ok: php.extract-request (flow: direct)
    $id = $_GET['id'] ?? null;
}

function assignments(): void
{
    $input = $_REQUEST;
    $vars = $input;
    // ruleid: php.extract-request (flow: assignments)
    extract($vars);
    $body = json_decode(file_get_contents('php://input'), true);
    // ruleid: php.extract-request (flow: assignments)
    extract($body);
    // ok: php.extract-request (flow: assignments)
    extract(['user' => $vars['user']], EXTR_OVERWRITE);
}

function building(): void
{
    $defaults = ['page' => 1, 'sort' => 'name'];
    // ruleid: php.extract-request (flow: string-building)
    extract(array_merge($defaults, $_GET));
    // ruleid: php.extract-request (flow: string-building)
    parse_str('mode=view&' . $_SERVER['QUERY_STRING']);
    $ctx = ['view' => ['title' => 'List'], 'form' => $_POST];
    // ok: php.extract-request (flow: container)
    extract($ctx['view']);
    // ruleid: php.extract-request (flow: container)
    extract($ctx['form']);
}

function request_vars($source)
{
    return $source === 'post' ? $_POST : $_GET;
}

function import_vars($vars)
{
    // ruleid: php.extract-request (flow: helper-function)
    extract($vars);
}

function helpers(): void
{
    // ruleid: php.extract-request (flow: helper-function)
    extract(request_vars('post'));
    import_vars($_COOKIE);
    // ok: php.extract-request (flow: helper-function)
    import_vars(['layout' => 'wide']);
}

class LegacyPage
{
    private $params;
    private $view;

    public function __construct()
    {
        $this->params = $_GET;
        $this->view = ['title' => 'Legacy'];
    }

    public function render(): void
    {
        // ruleid: php.extract-request (flow: class-field)
        extract($this->params);
        // ok: php.extract-request (flow: class-field)
        extract($this->view);
    }
}

class ProfileController
{
    public function update(Request $request)
    {
        // ruleid: php.extract-request (flow: direct)
        extract($request->all());
        // ok: php.extract-request (flow: sanitized)
        extract($request->only(['name', 'email']));
        // ok: php.extract-request (flow: sanitized)
        extract(array_intersect_key($_POST, array_flip(['title', 'body'])));
        $data = $request->all();
        $data = ['name' => 'x'];
        // ok: php.extract-request (flow: constant-overwrite)
        extract($data);
        $more = $request->all();
        if (false) {
            $more = $request->query();
        } else {
            $more = [];
        }
        // ok: php.extract-request (flow: dead-branch)
        extract($more);
    }
}
