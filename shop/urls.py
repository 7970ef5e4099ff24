from django.urls import URLPattern, path

from shop import views

urlpatterns: list[URLPattern] = [
    path("shop/", views.shop, name="shop"),
    path("shop/buy/", views.buy, name="shop_buy"),
    path("shop/use/", views.use, name="shop_use"),
]
