# Fixture for secrets.readme-api-key: the ruleid lines must match, the ok lines (near misses and placeholders) must not.
# ruleid: secrets.readme-api-key
README_API_KEY=rdme_yutfkle18r68eheou7hswgl3kkt2io6izqzcdzq1da4lqlax1lnx93i01mqwwmv0ukfezx
# ruleid: secrets.readme-api-key
rdme openapi ./openapi.json --key=rdme_qy937llbmcjt821ge4cmfwcl3zmgwr8l3wti0ncpgc40fka1h7m79tx5ti9qx9dhb8yatc
# ruleid: secrets.readme-api-key
  readme_key: "rdme_w105ybf4aj6ygxzk8b512gxhkknh2tefqgix4zxpdpja7bsv3xg6fr8lbv3hko9805e7yb"
# ok: secrets.readme-api-key
README_API_KEY=rdme_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx
# ok: secrets.readme-api-key
README_API_KEY=rdme_dl6yy1ghf4djiby39837
# ok: secrets.readme-api-key
README_API_KEY=${README_API_KEY}
# ok: secrets.readme-api-key
file = "rdme_config.json"
