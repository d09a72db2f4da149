"""Register, log in, log out, change password."""
from django.conf import settings
from django.contrib import messages
from django.contrib.auth import login
from django.contrib.auth import views as auth_views
from django.db import IntegrityError
from django.shortcuts import redirect, render
from django.urls import reverse_lazy
from django.views.decorators.http import require_http_methods

from marcomage.plumbing.flood import FLOOD_STATUS, flood_refusal
from players.notifications import addresses

from . import user_cache
from .forms import ConfirmedAddressPasswordResetForm, LoginForm, RegisterForm
from .services import USERNAME_TAKEN, player_register


@require_http_methods(["GET", "POST"])
def register(request):
    if request.user.is_authenticated:
        return redirect("home")
    form = RegisterForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        if refusal := flood_refusal(request, "register"):
            form.add_error(None, refusal)
            return render(request, "registration/register.html", {"form": form},
                          status=FLOOD_STATUS)
        try:
            player = player_register(
                username=form.cleaned_data["username"],
                password=form.cleaned_data["password1"],
                email=form.cleaned_data["email"],
            )
        except IntegrityError:  # someone took the name between validation and insert
            form.add_error("username", USERNAME_TAKEN)
        else:
            login(request, player.user, backend=user_cache.BACKEND)
            messages.success(request, f"Welcome to MArcomage, {player.name}!")
            if player.user.email:
                if addresses.verification_send(player.user):
                    messages.info(request, f"We mailed a link to {player.user.email}: open it "
                                           "to confirm your address.")
                else:
                    messages.warning(request, "The mail to confirm your address could not be "
                                              "sent just now: send it again from the settings.")
            return redirect("home")
    return render(request, "registration/register.html", {"form": form})


class LoginView(auth_views.LoginView):
    form_class = LoginForm
    redirect_authenticated_user = True

    def post(self, request, *args, **kwargs):
        # Every login attempt from an address counts, before any password is checked
        # (django-axes locks an account out after repeated failures on top of this).
        if refusal := flood_refusal(request, "login"):
            # An unbound form: showing the refusal must not check the password.
            form = self.form_class(request, initial={
                "username": str(request.POST.get("username", ""))[:150]})
            return self.render_to_response(self.get_context_data(form=form, refusal=refusal),
                                           status=FLOOD_STATUS)
        return super().post(request, *args, **kwargs)


class PasswordChangeView(auth_views.PasswordChangeView):
    success_url = reverse_lazy("home")

    def form_valid(self, form):
        response = super().form_valid(form)
        messages.success(self.request, "Your password has been changed.")
        return response


@require_http_methods(["GET"])
def email_verify(request, token):
    """The link of the confirmation mail: the address is confirmed (no login needed)."""
    try:
        user = addresses.email_verify(token)
    except addresses.VerifyError as error:
        return render(request, "registration/email_verify.html", {"error": str(error)},
                      status=400)
    return render(request, "registration/email_verify.html", {"address": user.email})


class PasswordResetView(auth_views.PasswordResetView):
    """Django's, with its tokens: the mail goes only to a confirmed address, and requests
    from one address are flood limited."""

    form_class = ConfirmedAddressPasswordResetForm
    email_template_name = "registration/password_reset_email.txt"
    html_email_template_name = "registration/password_reset_email.html"

    @property
    def extra_email_context(self):
        # The link names the site's own address (settings.SITE_URL), as every mail does.
        return {"site_url": settings.SITE_URL}

    def form_valid(self, form):
        if refusal := flood_refusal(self.request, "password_reset"):
            form.add_error(None, refusal)
            return self.render_to_response(self.get_context_data(form=form),
                                           status=FLOOD_STATUS)
        return super().form_valid(form)


class PasswordResetConfirmView(auth_views.PasswordResetConfirmView):
    # Logged in with the new password at once: he came for his account, not a login form.
    post_reset_login = True
    post_reset_login_backend = user_cache.BACKEND
