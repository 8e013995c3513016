# Fixture for secrets.alibaba-secret-key: the ruleid lines must match, the ok lines (near misses and placeholders) must not.
# ruleid: secrets.alibaba-secret-key
ALIBABA_CLOUD_ACCESS_KEY_SECRET=f9CCAAurP9eEqJni1FfRSIqyv9v9I2
# ruleid: secrets.alibaba-secret-key
config = Config(access_key_id=os.environ['ALIBABA_KEY_ID'], access_key_secret='B3HKh7bfvJT3aeBMrAni4TYf7gV5v8')
# ruleid: secrets.alibaba-secret-key
  accessKeySecret: "hImQfOYMhmFDNDkafXDw0gsmbquv7y",
# ruleid: secrets.alibaba-secret-key
aliyun_secret = "oKDxeZFcCXko6okhLgd9nIlDmufSFg"
# ok: secrets.alibaba-secret-key
access_key_secret = os.environ['ALIBABA_CLOUD_ACCESS_KEY_SECRET']
# ok: secrets.alibaba-secret-key
access_key_secret = "UJB8oAmTlro4lIWb9vWKQeYw"
# ok: secrets.alibaba-secret-key
session_secret = "XLKryZGIB60z0SBL5ebh2XnzR1aZ09"
# ok: secrets.alibaba-secret-key
accessKeySecret: "<your-access-key-secret>",
