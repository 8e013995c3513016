<?php
// Fixture for php.template-injection: request data compiled as a template, by every flow the analysis follows.

function direct(\Twig\Environment $twig, Smarty $smarty): void
{
    // ruleid: php.template-injection (flow: direct)
    $template = $twig->createTemplate($_POST['template']);
    // ruleid: php.template-injection (flow: direct)
    $smarty->display('string:' . $_GET['tpl']);
    // ok: php.template-injection (flow: direct)
    $html = $twig->render('preview.html.twig', ['body' => $_POST['template']]);
    // ok: php.template-injection (flow: direct)
    $template = $twig->createTemplate('<p>Hello {{ name }}</p>');
    // ok: php.template-injection (flow: direct)
    $smarty->display('page.tpl');
    // ok: php.template-injection (flow: direct)
    $smarty->display('pages/' . $_GET['page'] . '.tpl');
}

function assignments(\Twig\Environment $twig, Smarty $smarty): void
{
    $greeting = $_GET['greeting'];
    $text = $greeting;
    // ruleid: php.template-injection (flow: assignments)
    $template = $twig->createTemplate("<p>$text {{ name }}</p>");
    $resource = $_COOKIE['resource'];
    // ruleid: php.template-injection (flow: assignments)
    echo $smarty->fetch($resource);
    // ok: php.template-injection (flow: assignments)
    echo $twig->render('hello.twig', ['greeting' => $text]);
}

function building(\Twig\Environment $twig): void
{
    $src = '{% extends "base.twig" %}{% block body %}';
    $src .= $_POST['body'];
    $src .= '{% endblock %}';
    // ruleid: php.template-injection (flow: string-building)
    $twig->createTemplate($src);
    // ruleid: php.template-injection (flow: string-building)
    $twig->createTemplate(sprintf('<h1>%s</h1>', $_POST['title']));
    $blocks = ['header' => '<header>{{ title }}</header>', 'custom' => $_POST['custom']];
    // ok: php.template-injection (flow: container)
    $twig->createTemplate($blocks['header']);
    // ruleid: php.template-injection (flow: container)
    $twig->createTemplate($blocks['custom']);
}

function wrap_layout($body)
{
    return '<main>' . $body . '</main>';
}

function compile_blade($source)
{
    // ruleid: php.template-injection (flow: helper-function)
    return Blade::compileString($source);
}

function helpers(\Twig\Environment $twig): void
{
    // ruleid: php.template-injection (flow: helper-function)
    $twig->createTemplate(wrap_layout($_GET['body']));
    compile_blade($_POST['blade']);
    // ok: php.template-injection (flow: helper-function)
    $twig->createTemplate(wrap_layout('{{ content }}'));
    compile_blade('<p>{{ $name }}</p>');
}

class NewsletterPreview
{
    private $body;
    private $footer;

    public function __construct(private \Twig\Environment $twig)
    {
        $this->body = $_POST['newsletter'];
        $this->footer = '<footer>{{ unsubscribe }}</footer>';
    }

    public function render(): string
    {
        // ruleid: php.template-injection (flow: class-field)
        $main = $this->twig->createTemplate($this->body);
        // ok: php.template-injection (flow: class-field)
        $foot = $this->twig->createTemplate($this->footer);
        return $main->render() . $foot->render();
    }
}

class MailPreviewController
{
    public function laravel(Request $request)
    {
        // ruleid: php.template-injection (flow: direct)
        return Blade::render($request->input('body'), ['user' => $request->user()]);
    }

    public function safe(Request $request)
    {
        // ok: php.template-injection (flow: sanitized)
        return view('mail.preview', ['body' => $request->input('body')]);
    }

    public function numbers(Request $request)
    {
        $n = (int) $request->input('n');
        // ok: php.template-injection (flow: number-conversion)
        return Blade::render('<p>{{ $items }} of ' . $n . '</p>', ['items' => 3]);
    }

    public function constants(Request $request)
    {
        $tpl = $request->input('tpl');
        $tpl = '<p>{{ $name }}</p>';
        // ok: php.template-injection (flow: constant-overwrite)
        $a = Blade::render($tpl, ['name' => 'x']);
        $src = $request->input('src');
        if (false) {
            $src = $request->input('other');
        } else {
            $src = '<p>static</p>';
        }
        // ok: php.template-injection (flow: dead-branch)
        return Blade::render($src);
    }
}
