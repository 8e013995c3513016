# Fixture for secrets.openshift-user-token: the ruleid lines must match, the ok lines (near misses and placeholders) must not.
# ruleid: secrets.openshift-user-token
oc login --token=sha256~GdZ1NjSgmyechUpEX02XSjfPRtr1h8veiJ8n86w6ZKj --server=https://api.ocp.acme.internal:6443
# ruleid: secrets.openshift-user-token
export OPENSHIFT_TOKEN="sha256~qnLmK5YyOkPZma8bO6oo4sdkHsnpJYBrvO8JckpCZLL"
# ruleid: secrets.openshift-user-token
    token: sha256~ih55QU_0f6FN2PSTD3LjZ7W4JWZsx9IqEHv56tdgJQ8
# ok: secrets.openshift-user-token
oc login --token=$(cat /run/secrets/ocp-token) --server=https://api.ocp.acme.internal:6443
# ok: secrets.openshift-user-token
digest: sha256:6ba6680cce148f7f28db0fc56def6fd0a7da4eadca279872805ba96e01d6850e
# ok: secrets.openshift-user-token
export OPENSHIFT_TOKEN="sha256~xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"
