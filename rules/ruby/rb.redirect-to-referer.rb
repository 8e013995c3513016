# Fixture for rb.redirect-to-referer.
class VotesController < ApplicationController
  def create
    # ruleid: rb.redirect-to-referer
    redirect_to request.referer
    # ruleid: rb.redirect-to-referer
    redirect_to request.referrer || root_path
    # ruleid: rb.redirect-to-referer
    redirect_to :back
    # ruleid: rb.redirect-to-referer
    redirect request.env["HTTP_REFERER"]
    if referer = request.headers["Referer"]
      # ruleid: rb.redirect-to-referer
      redirect_to referer
    end
  end

  def safe
    # ok: rb.redirect-to-referer
    redirect_back(fallback_location: root_path)
    # ok: rb.redirect-to-referer
    redirect_to request.referer, allow_other_host: false
    # ok: rb.redirect-to-referer
    logger.info(request.referer)
    # ok: rb.redirect-to-referer
    redirect_to root_path
  end
end
