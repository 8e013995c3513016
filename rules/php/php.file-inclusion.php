<?php
// Fixture for php.file-inclusion.

// ruleid: php.file-inclusion
include $_GET['page'];

function render(): void
{
    // ruleid: php.file-inclusion
    require_once 'pages/' . $_REQUEST['page'] . '.php';
    $lang = $_COOKIE['lang'] ?? 'en';
    // ruleid: php.file-inclusion
    include "lang/$lang.php";
}

class PageController
{
    public function show(Request $request)
    {
        // ruleid: php.file-inclusion
        include resource_path() . '/views/' . $request->input('view');
        $tpl = $request->query->get('tpl');
        // ruleid: php.file-inclusion
        require $tpl;
    }

    public function safe(Request $request)
    {
        // ok: php.file-inclusion
        require_once __DIR__ . '/../vendor/autoload.php';
        $page = $request->input('page');
        if (!in_array($page, ['home', 'about'], true)) {
            $page = 'home';
        }
        // ok: php.file-inclusion
        include __DIR__ . "/pages/$page.php";
        $file = $this->resolver->resolve($name);
        // ok: php.file-inclusion
        include $file;
        // ok: php.file-inclusion
        $config = require $this->configDir . '/app.php';
        // ok: php.file-inclusion
        include 'header.php';
    }
}
