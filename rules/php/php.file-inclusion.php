<?php
// Fixture for php.file-inclusion: request data choosing the included file, by every flow the analysis follows.

// ruleid: php.file-inclusion (flow: direct)
include $_GET['page'];
// ok: php.file-inclusion (flow: direct)
include 'header.php';
// ok: php.file-inclusion (flow: direct)
require_once __DIR__ . '/../vendor/autoload.php';

function render(): void
{
    // ruleid: php.file-inclusion (flow: direct)
    require_once 'pages/' . $_REQUEST['page'] . '.php';
    $lang = $_COOKIE['lang'] ?? 'en';
    $locale = $lang;
    // ruleid: php.file-inclusion (flow: assignments)
    include "lang/$locale.php";
    $path = 'modules/';
    $path .= $_GET['module'];
    // ruleid: php.file-inclusion (flow: string-building)
    include_once $path . '/init.php';
    // ruleid: php.file-inclusion (flow: string-building)
    include sprintf('themes/%s/functions.php', $_GET['theme']);
}

function container(): void
{
    $routes = ['default' => 'home.php', 'requested' => $_GET['route']];
    // ok: php.file-inclusion (flow: container)
    include $routes['default'];
    // ruleid: php.file-inclusion (flow: container)
    include $routes['requested'];
    $pages = ['home' => 'home.php', 'about' => 'about.php'];
    // ok: php.file-inclusion (flow: sanitized)
    include $pages[$_GET['p']];
}

function page_path($name)
{
    return __DIR__ . '/pages/' . $name . '.php';
}

function load_page($file)
{
    // ruleid: php.file-inclusion (flow: helper-function)
    require $file;
}

function helpers(): void
{
    // ruleid: php.file-inclusion (flow: helper-function)
    include page_path($_GET['name']);
    load_page('views/' . $_POST['view']);
    // ok: php.file-inclusion (flow: helper-function)
    include page_path('home');
}

class PageController
{
    private $template;
    private $layout;

    public function __construct(Request $request)
    {
        $this->template = $request->input('template');
        $this->layout = 'layouts/main.php';
    }

    public function show(Request $request)
    {
        // ruleid: php.file-inclusion (flow: class-field)
        include __DIR__ . '/views/' . $this->template;
        // ok: php.file-inclusion (flow: class-field)
        include __DIR__ . '/' . $this->layout;
        $tpl = $request->query->get('tpl');
        // ruleid: php.file-inclusion (flow: assignments)
        require $tpl;
    }

    public function safe(Request $request)
    {
        $page = basename($request->input('page'));
        // ok: php.file-inclusion (flow: sanitized)
        include __DIR__ . "/pages/$page.php";
        $view = match ($request->input('view')) {
            'list' => 'list.php',
            default => 'home.php',
        };
        // ok: php.file-inclusion (flow: sanitized)
        include __DIR__ . '/views/' . $view;
        $file = $this->resolver->resolve($name);
        // ok: php.file-inclusion (flow: sanitized)
        include $file;
        // ok: php.file-inclusion (flow: sanitized)
        $config = require $this->configDir . '/app.php';
    }
}

function constants(): void
{
    $step = (int) $_GET['step'];
    // ok: php.file-inclusion (flow: number-conversion)
    include "wizard/step$step.php";
    $skin = $_GET['skin'];
    $skin = 'default';
    // ok: php.file-inclusion (flow: constant-overwrite)
    include "skins/$skin.php";
    $mod = $_GET['mod'];
    if (false) {
        $mod = $_GET['m'];
    } else {
        $mod = 'core';
    }
    // ok: php.file-inclusion (flow: dead-branch)
    include "modules/$mod.php";
}
