# Fixture for py.xpath-injection.
from lxml import etree


def find_user(tree, name, request):
    # ruleid: py.xpath-injection
    nodes = tree.xpath(f"//user[name='{name}']")
    # ruleid: py.xpath-injection
    one = tree.xpath("//user[@id='%s']/email" % request.args["id"])
    # ruleid: py.xpath-injection
    finder = etree.XPath("//item[@sku='" + name + "']")
    # ruleid: py.xpath-injection
    rows = tree.xpath("//row[@owner='{}']".format(name))
    return nodes, one, finder, rows


def safe(tree, name):
    # ok: py.xpath-injection
    nodes = tree.xpath("//user[name=$name]", name=name)
    # ok: py.xpath-injection
    active = tree.xpath("//user[@active='true']")
    # ok: py.xpath-injection
    finder = etree.XPath(COMPILED)
    # ok: py.xpath-injection
    count = tree.xpath("count(//item)") + offset
    return nodes, active, finder, count
