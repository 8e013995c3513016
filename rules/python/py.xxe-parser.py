# Fixture for py.xxe-parser.
import xml.etree.ElementTree as ET
from xml.dom import minidom

import defusedxml.ElementTree as DET
from flask import request
from lxml import etree

# ruleid: py.xxe-parser
parser = etree.XMLParser(resolve_entities=True)
# ruleid: py.xxe-parser
loose = etree.XMLParser(no_network=False, recover=True)


def upload():
    # ruleid: py.xxe-parser
    doc = minidom.parseString(request.data)
    # ruleid: py.xxe-parser
    tree = ET.fromstring(request.get_data())
    return doc, tree


def safe():
    # ok: py.xxe-parser
    parser = etree.XMLParser(resolve_entities=False, no_network=True)
    # ok: py.xxe-parser
    tree = DET.fromstring(request.data)
    # ok: py.xxe-parser
    doc = minidom.parseString("<config><debug>false</debug></config>")
    # ok: py.xxe-parser
    cfg = ET.parse("config/settings.xml")
    return parser, tree, doc, cfg
