# Fixture for secrets.chieftools-token: the ruleid lines must match, the ok lines (near misses and placeholders) must not.
# ruleid: secrets.chieftools-token
export CHIEF_TOKEN="ctp_xxtZVEnvnmvhSXGM4yrJnL03szKOBhdwloJGcUXE"
# ruleid: secrets.chieftools-token
curl -H "Authorization: Bearer cto_JtVMHvNFNo4cyGTGtnPO6LFwtVu3qn3TlR0j" https://account.chief.app/api/v1/me
# ruleid: secrets.chieftools-token
REFRESH=ctr_JEqPKlMcQw133U2smRh1lYVoRbe9YICsn2EwhlaA8eE080BLFNvaSpreem94bw4H
# ok: secrets.chieftools-token
export CHIEF_TOKEN="ctp_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"
# ok: secrets.chieftools-token
ctr_register_listener_for_every_incoming_event_type()
# ok: secrets.chieftools-token
export CHIEF_TOKEN="ctp_abc123"
# ok: secrets.chieftools-token
export CHIEF_TOKEN="$CHIEF_TOKEN"
