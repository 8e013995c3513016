# Fixture for secrets.gitlab-session-cookie: the ruleid lines must match, the ok lines (near misses and placeholders) must not.
# ruleid: secrets.gitlab-session-cookie
curl -b "_gitlab_session=a39cc6418502953d7e924801477085d1" https://gitlab.example.com/-/profile
# ruleid: secrets.gitlab-session-cookie
Cookie: _gitlab_session=787a6c432ce6594608b562996e122bdc; preferred_language=en
# ruleid: secrets.gitlab-session-cookie
session.cookies.set('x', 1); headers = {'Cookie': '_gitlab_session=ef0f2011639c97e0d667d8ececac62cd'}
# ok: secrets.gitlab-session-cookie
curl -b "_gitlab_session=$GITLAB_SESSION" https://gitlab.example.com
# ok: secrets.gitlab-session-cookie
Cookie: _gitlab_session=4a1c57447071
# ok: secrets.gitlab-session-cookie
Cookie: _gitlab_session=00000000000000000000000000000000
