# Fixture for py.cors-credentials-any-origin.
from fastapi.middleware.cors import CORSMiddleware
from flask_cors import CORS

# ruleid: py.cors-credentials-any-origin
CORS(app, supports_credentials=True)
# ruleid: py.cors-credentials-any-origin
CORS(app, origins="*", supports_credentials=True)
# ruleid: py.cors-credentials-any-origin
api.add_middleware(CORSMiddleware, allow_origins=["*"], allow_credentials=True, allow_methods=["*"])

# ok: py.cors-credentials-any-origin
CORS(app, origins=["https://app.example.com"], supports_credentials=True)
# ok: py.cors-credentials-any-origin
CORS(app)
# ok: py.cors-credentials-any-origin
api.add_middleware(CORSMiddleware, allow_origins=["https://app.example.com"], allow_credentials=True)
# ok: py.cors-credentials-any-origin
api.add_middleware(CORSMiddleware, allow_origins=["*"])
