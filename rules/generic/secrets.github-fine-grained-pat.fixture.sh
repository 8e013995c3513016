# Fixture for secrets.github-fine-grained-pat: the ruleid lines must match, the ok lines (near misses and placeholders) must not.
# ruleid: secrets.github-fine-grained-pat
export GH_TOKEN=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
# ruleid: secrets.github-fine-grained-pat
git clone https://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@github.com/acme/private.git
# ruleid: secrets.github-fine-grained-pat
curl -H "Authorization: Bearer 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" https://api.github.com/user
# ok: secrets.github-fine-grained-pat
export GH_TOKEN=${{ secrets.GH_TOKEN }}
# ok: secrets.github-fine-grained-pat
export GH_TOKEN=github_pat_SNAa6CN4p8gacsftn7282x
# ok: secrets.github-fine-grained-pat
export GH_TOKEN=github_pat_xxxxxxxxxxxxxxxxxxxxxx_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx
# ok: secrets.github-fine-grained-pat
echo "github_pat_ tokens are fine-grained"
