# Fixture for secrets.doppler-token: the ruleid lines must match, the ok lines (near misses and placeholders) must not.
# ruleid: secrets.doppler-token
export DOPPLER_TOKEN=dp.st.prd.ByJr2UNYVz7nqMbct1HyWqlrOtc2PgPQ7m3XSWMQfPG
# ruleid: secrets.doppler-token
doppler run --token dp.pt.ZSgurlsHwrNi1YI09nuoHGctmu3KoswB1GUtVbO8Kqd -- npm start
# ruleid: secrets.doppler-token
ENV DOPPLER_TOKEN="dp.sa.Kn1PMw852REhsIigowwG0KKJSJxczGO2p0oJ3opOcro"
# ruleid: secrets.doppler-token
scim_token: dp.scim.TbGe6KktCWP3PA3mfMuXP19vLJZzfOSOP07OZaXVo5Z
# ok: secrets.doppler-token
export DOPPLER_TOKEN=${DOPPLER_TOKEN}
# ok: secrets.doppler-token
export DOPPLER_TOKEN=dp.st.GXKVifPvDUQu
# ok: secrets.doppler-token
export DOPPLER_TOKEN=dp.st.prd.xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx
