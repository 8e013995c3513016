# Fixture for secrets.vault-token: the ruleid lines must match, the ok lines (near misses and placeholders) must not.
# ruleid: secrets.vault-token
export VAULT_TOKEN=hvs.CAESInhrnbIf8UxT-G3NimjawfUw-y7lO9cTwBNT6ThWzvTqxjng5G6mo6J6Bv0d1rAoJkIoLcfemPuQsS7HwoZNXaQkV6D
# ruleid: secrets.vault-token
vault login hvs.qG1BiNuKuSEF05rv933LfZu7
# ruleid: secrets.vault-token
VAULT_TOKEN="s.hu9uFNsXLXJaa08gQBd6poPs"
# ruleid: secrets.vault-token
  token: hvb.AAAAAQohrPpmYlBtiTAAoGjW9nDGb5M_92eeHVbi-CVidp4xxn9uDi29-0qfVDreI_PreIzUnqYYn867clsK5aEa5QRPXDAdmF-u1BFPD5iQ3ZhzAqtrlaAxDToZsHccvLZXBmgedIW9OS2p5BydUIoyqUJ8
# ok: secrets.vault-token
export VAULT_TOKEN=$(vault print token)
# ok: secrets.vault-token
version: s.DOLZ4hweUfYK6NTw8XYjjP7u
# ok: secrets.vault-token
export VAULT_TOKEN=hvs.xxxxxxxxxxxxxxxxxxxxxxxx
# ok: secrets.vault-token
export VAULT_TOKEN=hvs.0RcfSAhtHe
# ok: secrets.vault-token
VAULT_ADDR=https://vault.acme.internal:8200
