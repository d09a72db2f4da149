"""Register, log in, log out, change password."""
from django.contrib import messages
from django.contrib.auth import login
from django.contrib.auth import views as auth_views
from django.db import IntegrityError
from django.shortcuts import redirect, render
from django.urls import reverse_lazy
from django.views.decorators.http import require_http_methods

from .forms import LoginForm, RegisterForm
from .services import USERNAME_TAKEN, player_register


@require_http_methods(["GET", "POST"])
def register(request):
    if request.user.is_authenticated:
        return redirect("home")
    form = RegisterForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            player = player_register(
                username=form.cleaned_data["username"],
                password=form.cleaned_data["password1"],
                email=form.cleaned_data["email"],
            )
        except IntegrityError:  # someone took the name between validation and insert
            form.add_error("username", USERNAME_TAKEN)
        else:
            login(request, player.user, backend="django.contrib.auth.backends.ModelBackend")
            messages.success(request, f"Welcome to MArcomage, {player.name}!")
            return redirect("home")
    return render(request, "registration/register.html", {"form": form})


class LoginView(auth_views.LoginView):
    form_class = LoginForm
    redirect_authenticated_user = True


class PasswordChangeView(auth_views.PasswordChangeView):
    success_url = reverse_lazy("home")

    def form_valid(self, form):
        response = super().form_valid(form)
        messages.success(self.request, "Your password has been changed.")
        return response
