"""Register, log in, log out, change password."""
from django.contrib import messages
from django.contrib.auth import login
from django.contrib.auth import views as auth_views
from django.db import IntegrityError
from django.shortcuts import redirect, render
from django.urls import reverse_lazy
from django.views.decorators.http import require_http_methods

from marcomage.flood import FLOOD_STATUS, flood_refusal

from . import user_cache
from .forms import LoginForm, RegisterForm
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
