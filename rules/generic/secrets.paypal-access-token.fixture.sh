# Fixture for secrets.paypal-access-token: the ruleid lines must match, the ok lines (near misses and placeholders) must not.
# ruleid: secrets.paypal-access-token
Authorization: Bearer A21AAAe3owFxviqdSFa12ZKLa5_fv9RaQJB4sZAYihvCfZPrQ8FrDREWm7mWcaXadx-w_JHfkQbN1hEHEu6TsoSTvdWRg45kM
# ruleid: secrets.paypal-access-token
access_token = "A21AAgmyRdbOndAw53QXidlKVc3GCO7L7pncvcVjtooaCfptpNX4LHKcAPq3dpvVdI3COGm1sQYY4810UdTQ17rQa67B"
# ruleid: secrets.paypal-access-token
curl -H "Authorization: Bearer A21AAJRvxI_p9VEn76iQlpuoKaS7kffAvhrLNZdZb134Uuvgf60lojfu9KpWyUmGtCdHe2-24aye1vCMjPYiayNqRekemWRxkjz5" https://api-m.paypal.com/v2/checkout/orders
# ok: secrets.paypal-access-token
Authorization: Bearer A21AAxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx
# ok: secrets.paypal-access-token
Authorization: Bearer A21AAWN_M3sR9x6BjM9MsVv9ko61KmkioLQ
# ok: secrets.paypal-access-token
Authorization: Bearer ${PAYPAL_ACCESS_TOKEN}
# ok: secrets.paypal-access-token
order_id = "A21BBSrfiuFwx_E1-CM_Ikmt1k7XNasC-pwyJXAG4wUw5MReUEN8qt8sQUVzrzwlpXCjzAOmTb80nJcxecLbB5QQHBpsETP"
