# Fixture for rb.mass-assignment.
class UsersController < ApplicationController
  def update
    # ruleid: rb.mass-assignment
    @user.update(params.require(:user).permit!)
    # ruleid: rb.mass-assignment
    attrs = params[:user].permit!
    # ruleid: rb.mass-assignment
    params.permit!
    # ruleid: rb.mass-assignment
    User.create(params[:user].to_unsafe_h)
    attrs
  end

  def safe_update
    # ok: rb.mass-assignment
    @user.update(params.require(:user).permit(:name, :email))
    # ok: rb.mass-assignment
    @user.update(user_params)
    # ok: rb.mass-assignment
    filters = params.permit(:q, :page).to_h
    # ok: rb.mass-assignment
    options.permit!
    filters
  end

  def permit_all(params)
    # ok: rb.mass-assignment
    params.permit!
  end
end
