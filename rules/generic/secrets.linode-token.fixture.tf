# Fixture for secrets.linode-token: the ruleid lines must match, the ok lines (near misses and placeholders) must not.
provider "linode" {
  token = var.linode_token
}
# ruleid: secrets.linode-token
linode_token = "d52010409f509c1b3cc14606672ebc5b224655c32cafb0bccf024290a641c03a"
# ruleid: secrets.linode-token
LINODE_TOKEN=c379c0c24ce9095df984cb6aa12f583026e52bb726f0a63297d801522cd2ef9e
# ruleid: secrets.linode-token
linode_cli_token: a4aa109120b09aecdfb38da2af13d319ae0836a08ff081abd2f137f49e2bb54e
# ok: secrets.linode-token
LINODE_TOKEN=${LINODE_TOKEN}
# ok: secrets.linode-token
checksum = "f33601f8d16d116fd4f0b3b1f5c389098f05d44b1379ee184257a5d38e7bfa79"
# ok: secrets.linode-token
LINODE_TOKEN=5ed83e66d7ff52c460e7922f36ac90d087d5242e
