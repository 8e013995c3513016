# Fixture for py.assert-used.
def transfer(user, account, amount):
    # ruleid: py.assert-used
    assert user.is_authenticated
    # ruleid: py.assert-used
    assert account.owner_id == user.id, "not your account"
    # ruleid: py.assert-used
    assert amount > 0
    if amount > account.balance:
        # ok: py.assert-used
        raise ValueError("insufficient funds")
    # ok: py.assert-used
    assertions = []
    # ok: py.assert-used
    # assert amount > 0
    # ok: py.assert-used
    self.assertEqual(amount, 1)
