# Fixture for rb.jwt-none-algorithm.
class TokenService
  def issue(payload)
    # ruleid: rb.jwt-none-algorithm
    JWT.encode(payload, nil, "none")
  end

  def read(token)
    # ruleid: rb.jwt-none-algorithm
    JWT.decode(token, nil, true, { algorithm: "none" })
    # ruleid: rb.jwt-none-algorithm
    JWT.decode(token, key, true, algorithms: ["HS256", "none"])
  end

  def safe(payload, token)
    # ok: rb.jwt-none-algorithm
    signed = JWT.encode(payload, SECRET, "HS256")
    # ok: rb.jwt-none-algorithm
    JWT.decode(token, SECRET, true, { algorithm: "HS256" })
    # ok: rb.jwt-none-algorithm
    logger.info(algorithm: "none")
    signed
  end
end
