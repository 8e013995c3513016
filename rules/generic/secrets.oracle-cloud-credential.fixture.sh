# Fixture for secrets.oracle-cloud-credential: the ruleid lines must match, the ok lines (near misses and placeholders) must not.
# ruleid: secrets.oracle-cloud-credential
export OCI_AUTH_TOKEN="vXphV3)JFw0tip5DZ#Y}"
# ruleid: secrets.oracle-cloud-credential
OCI_SECRET_ACCESS_KEY=0a526W9D6b1177FJuUOekmuGQ9oQMXkBbLZR/wV5FYz=
# ruleid: secrets.oracle-cloud-credential
oci_cli_pass_phrase: "34o3%O8#vvPSvHlF2b6J"
# ok: secrets.oracle-cloud-credential
export OCI_AUTH_TOKEN="${OCI_AUTH_TOKEN}"
# ok: secrets.oracle-cloud-credential
oci_key_file: ~/.oci/oci_api_key.pem
# ok: secrets.oracle-cloud-credential
OCI_SECRET_ACCESS_KEY=CNQkfiTSXsrDXjG7R6df=
# ok: secrets.oracle-cloud-credential
oracle_pass_phrase: "<pass-phrase>"
