# Fixture for rb.redirect-to-referer: the Referer header reaching a redirect.
class VotesController < ApplicationController
  def direct
    # ruleid: rb.redirect-to-referer (flow: direct)
    redirect_to request.referer
    # ruleid: rb.redirect-to-referer (flow: direct)
    redirect_to :back
    # ruleid: rb.redirect-to-referer (flow: direct)
    redirect request.env["HTTP_REFERER"]
    # ruleid: rb.redirect-to-referer (flow: direct)
    redirect_to request.referrer, notice: "Saved"
  end

  def assignments
    if referer = request.headers["Referer"]
      # ruleid: rb.redirect-to-referer (flow: assignments)
      redirect_to referer
    end
    back = request.referer
    target = back
    # ruleid: rb.redirect-to-referer (flow: assignments)
    redirect_to target
  end

  def building
    # ruleid: rb.redirect-to-referer (flow: string-building)
    redirect_to "#{request.referer}#comments"
  end

  def remember
    @back = request.referer
  end

  def back_to_list
    # ruleid: rb.redirect-to-referer (flow: class-field)
    redirect_to @back
  end

  def safe
    # ok: rb.redirect-to-referer (flow: sanitized)
    redirect_back(fallback_location: root_path)
    # ok: rb.redirect-to-referer (flow: sanitized)
    redirect_to request.referer, allow_other_host: false
    # ok: rb.redirect-to-referer (flow: sanitized)
    redirect_to url_from(request.referer)
    # ok: rb.redirect-to-referer
    logger.info(request.referer)
    # ok: rb.redirect-to-referer
    redirect_to root_path
    # ok: rb.redirect-to-referer
    redirect_to params[:return_to]
    back = request.referer
    back = "/"
    # ok: rb.redirect-to-referer (flow: constant-overwrite)
    redirect_to back
  end
end
