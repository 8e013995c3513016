# Fixture for secrets.hetzner-cloud-token: the ruleid lines must match, the ok lines (near misses and placeholders) must not.
# ruleid: secrets.hetzner-cloud-token
export HCLOUD_TOKEN=t9dc3k7DnwVmupfnbuM3mmBomwZdLy5aizcADER1pZR0FGVhF16XIYZ9R6DFCXrz
# ruleid: secrets.hetzner-cloud-token
hcloud_token = "F1144eUTj0QFkMz8rxqlZHMzDMFe6vXoTjGm0TJzm58E85b0oA919zwGCIy0ke0N"
# ruleid: secrets.hetzner-cloud-token
  hetzner_api_token: "LMjdwnjlOqTiQDqu0wXjRiHVmvg17LKFvR4iWlwUQy7oRzDk6rThYWO4rtyn5Qtv"
# ok: secrets.hetzner-cloud-token
export HCLOUD_TOKEN="$(pass show hcloud)"
# ok: secrets.hetzner-cloud-token
export HCLOUD_TOKEN=zBSu5RO7MSy81ZX08hrlBSy2YrBX8eiH
# ok: secrets.hetzner-cloud-token
image_digest = "OJ6qdZoBeQTbq4HETV8xZQqNWnHISAwKrsPzkdT1u9r8fLhjeKC7FKLbYp6XAmR1"
