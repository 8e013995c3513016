# Fixture for py.flask-debug-enabled.
import os

from flask import Flask

app = Flask(__name__)

if __name__ == "__main__":
    # ruleid: py.flask-debug-enabled
    app.run(debug=True)
    # ruleid: py.flask-debug-enabled
    app.run(host="0.0.0.0", port=8000, debug=True)
    # ruleid: py.flask-debug-enabled
    socketio.run(app, debug=True)
    # ok: py.flask-debug-enabled
    app.run(debug=os.environ.get("FLASK_DEBUG") == "1")
    # ok: py.flask-debug-enabled
    app.run(host="127.0.0.1", port=8000)
    # ok: py.flask-debug-enabled
    app.run(debug=False)
    # ok: py.flask-debug-enabled
    subprocess.run(["make"], check=True)
